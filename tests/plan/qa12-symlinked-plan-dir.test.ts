/**
 * A plan reached through a symlinked folder loads the files its includes and dataset sources
 * reach with `../` exactly as from inside the folder (QA12: `evalc validate link/evalc.yaml`, with
 * `link → real/p`, said "included file not found" and "dataset file not found" for `../shared/…`,
 * which `cat ../shared/…` in that folder finds: path.resolve cut `link/..` lexically).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { runCommand } from '../cli/run-cli.js';

const root = mkdtempSync(path.join(tmpdir(), 'qa12-symlink-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(name: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), text);
}

write(
  'real/p/evalc.yaml',
  `evalc: 1
benchmark: { id: linked, version: 1.0.0 }
include: [../shared/agents.yaml]
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      shared: { source: ../shared/d.jsonl }
`,
);
write('real/shared/agents.yaml', 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n');
write('real/shared/d.jsonl', '{"id":"e1","vars":{"q":"x"}}\n');
symlinkSync(path.join(root, 'real/p'), path.join(root, 'link'));

describe('a plan folder reached through a symlink', () => {
  it('merges an include that climbs out of the folder with ../', () => {
    const loaded = loadPlanFile(path.join(root, 'link/evalc.yaml'), root);
    expect(loaded.diagnostics).toEqual([]);
    expect(Object.keys(loaded.raw.agents as object)).toEqual(['a1']);
  });

  it('pins the same datasets and plan digest as the plan loaded from its real folder', async () => {
    const options = { cwd: root, cacheDir: path.join(root, 'cache'), offline: true };
    const linked = await loadPlan(path.join(root, 'link/evalc.yaml'), options);
    const real = await loadPlan(path.join(root, 'real/p/evalc.yaml'), options);
    expect(linked.diagnostics).toEqual([]);
    const pins = (r: typeof real) => ({
      digest: r.resolved?.planDigest,
      datasets: r.resolved?.datasets.map((d) => [d.source, d.sha256, d.examples.length]),
    });
    expect(pins(linked)).toEqual(pins(real));
    expect(pins(real).datasets).toEqual([['../shared/d.jsonl', expect.stringMatching(/^[0-9a-f]{64}$/), 1]]);
  });

  it('validates through the symlinked path from another folder', async () => {
    const r = await runCommand(validateCommand, [path.join(root, 'link/evalc.yaml')], { cwd: tmpdir() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
