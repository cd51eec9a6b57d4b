/**
 * Settings that validate but cannot work are refused at validate time, at their line: a duration
 * of 0 (every request would time out at once) and a command of spaces (every example would fail
 * `process_crashed`) — QA13's write-ups W4, W6.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function diagnosticsFor(agent: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-plan-settings-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a1: ${agent}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.source?.line}:${d.code}: ${d.path.join('.')}: ${d.message}`);
}

describe('plan settings that cannot work', () => {
  it('refuses a timeout of 0', async () => {
    expect(
      await diagnosticsFor('{ protocol: raip, url: "http://127.0.0.1:9", limits: { timeout: 0s } }'),
    ).toEqual([
      '4:EVALC_SCHEMA_INVALID: agents.a1.limits.timeout: agents.a1.limits.timeout: expected a duration above 0 (like 30s)',
    ]);
    expect(
      await diagnosticsFor('{ protocol: raip, url: "http://127.0.0.1:9", limits: { timeout: 1500ms } }'),
    ).toEqual([]);
  });

  it('refuses a command of spaces', async () => {
    const d = await diagnosticsFor('{ protocol: mae, transport: local, command: "   " }');
    expect(d).toContain(
      '4:EVALC_SCHEMA_INVALID: agents.a1.command: agents.a1.command: expected a command, not an empty string',
    );
  });
});
