/**
 * QA70: with `run.repeats: 2`, an example without an expected value fails its `exact_match` in
 * both repeats (the lock row's `errors: 2`, the aggregate's `errors: 2`), while a failed invoke
 * counts once per repeat — yet apply's summary, `--json`'s `errorKinds` and the lock's
 * `steps.errors` counted that metric error once per example (`metric_error 1`). They now count
 * repeats for both, so the error total is the number of failed steps.
 */
import { describe, expect, it } from 'vitest';
import { readLock, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('metric errors with repeats (QA70)', () => {
  it('counts a metric error once per repeat, as invoke errors are', async () => {
    const dir = counting.workspace('qa70-metric-error-repeats');
    writeDataset(dir, 'd1.jsonl', [
      { id: 'has', vars: { q: 'has' }, expected: { codes: ['Z-has', 'A-has'] } },
      { id: 'none', vars: { q: 'none' } },
    ]);
    writePlan(dir, { agentUrl: counting.agent.url, run: { repeats: 2 } });
    const applied = await runCli(['apply', '--json'], { cwd: dir, env: { EVALC_CACHE_DIR: '' } });
    const result = JSON.parse(applied.stdout.trim().split('\n').at(-1)!);
    expect(result.event).toBe('result');
    expect(result.errorKinds).toEqual({ metric_error: 2 });
    expect(result.errors).toBe(2);
    const lock = JSON.parse(readLock(dir));
    const row = lock.results.find((r: { example: string }) => r.example === 'none');
    expect(row.metrics.exact_match.errors).toBe(2);
    expect(lock.aggregates.benchmark.a1.exact_match.errors).toBe(2);
    expect(lock.steps.errors).toEqual({ metric_error: 2 });
  });
});
