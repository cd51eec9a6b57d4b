/**
 * QA39: a value flag given twice kept its last value without a word — `evalc apply --only a
 * --only b` ran task b alone, as if a had never been asked for — and `--concurrency` took anything
 * `Number()` reads (`0x10` was 16, `1e3` 1000). Both are usage errors now (64); repeatable flags
 * (`cache prune --lock`) still repeat.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const ws = tempWorkspace('qa39-flags');
afterAll(() => ws.cleanup());
const plan = {
  evalc: 1,
  benchmark: { id: 'qa39-flags', version: '1.0.0' },
  agents: { a: { protocol: 'raip', url: 'http://127.0.0.1:9' } },
  tasks: {
    t1: {
      bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
      datasets: { d: { source: 'd.jsonl' } },
      metrics: [{ type: 'contains', candidate: 'answer', expected: 'answer' }],
    },
  },
};
plan.tasks = { ...plan.tasks, t2: plan.tasks.t1 } as typeof plan.tasks;
writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
writeFileSync(path.join(ws.dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"answer":"x"}}\n');

describe('flags given twice, and --concurrency', () => {
  it('refuses --only given twice instead of running the last selection alone', async () => {
    assertBuilt();
    const result = await runCli(['apply', '--only', 't1', '--only', 't2'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/^evalc: --only was given twice; it takes one value\n/);
  });

  it('refuses the other value flags given twice too (plan --only, apply --out)', async () => {
    expect((await runCli(['plan', '--only', 't1', '--only', 't2'], { cwd: ws.dir })).code).toBe(64);
    const out = await runCli(['apply', '--out', 'a', '--out', 'b'], { cwd: ws.dir });
    expect(out.code).toBe(64);
    expect(out.stderr).toMatch(/--out was given twice/);
  });

  it.each(['0x10', '1e3', '2.0', '-1', ''])('refuses --concurrency=%s', async (value) => {
    const result = await runCli(['apply', `--concurrency=${value}`], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/--concurrency takes a positive whole number/);
  });

  it('still repeats --lock of cache prune', async () => {
    const result = await runCli(['cache', 'prune', '--lock', 'x.lock', '--lock', 'y.lock', '--dry-run'], {
      cwd: ws.dir,
    });
    expect(result.stderr).not.toMatch(/given twice/);
  });
});
