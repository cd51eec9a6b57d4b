/**
 * QA42: README says "an empty `--cache-dir`/`--out` is a usage error", but only apply refused it
 * (QA39). `plan`, `report`, `cache` and `schema` took "" as the current folder: `report --out ""`
 * wrote its four reports into it, `schema --out ""` three schemas, `cache stats|prune --cache-dir ""`
 * created a `steps.log` there and `plan --cache-dir ""` compared with it — what a CI job's
 * `--cache-dir "$CACHE"` with CACHE unset does. Every command now refuses it (64) and writes nothing.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const ws = tempWorkspace('qa42-empty-flags');
afterAll(() => ws.cleanup());
const plan = {
  evalc: 1,
  benchmark: { id: 'qa42-empty', version: '1.0.0' },
  agents: { a: { protocol: 'http', url: 'http://127.0.0.1:9' } },
  tasks: {
    t: {
      bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'answer' } } },
      datasets: { d: { examples: [{ id: 'e1', vars: { q: 'x' }, expected: { answer: 'x' } }] } },
      metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
    },
  },
};
writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));

describe('an empty --cache-dir or --out', () => {
  it.each([
    [['plan', '--cache-dir', '']],
    [['report', '--cache-dir', '']],
    [['report', '--out', '']],
    [['schema', '--out', '']],
    [['cache', 'stats', '--cache-dir', '']],
    [['cache', 'prune', '--cache-dir', '']],
    [['apply', '--out', '']],
  ])('%j is a usage error that writes nothing', async (args) => {
    assertBuilt();
    const flag = args[args.length - 2];
    const result = await runCli(args, { cwd: ws.dir });
    expect(result.stderr).toMatch(new RegExp(`^evalc: ${flag} needs a folder\\nusage: evalc ${args[0]}`));
    expect(result.code).toBe(64);
    expect(readdirSync(ws.dir)).toEqual(['evalc.yaml']);
  });

  it('says so as a result event under --json', async () => {
    const result = await runCli(['plan', '--json', '--cache-dir', ''], { cwd: ws.dir });
    expect(result.code).toBe(64);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({ event: 'result', exitCode: 64, status: 'usage' });
    expect(last.message).toMatch(/^--cache-dir needs a folder/);
  });
});
