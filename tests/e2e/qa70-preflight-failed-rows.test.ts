/**
 * QA70: an example left unsent by a failed preflight was recorded with every metric of the task
 * as `{score: 0, pass: false, errors: 1}` — unlike an example whose invoke failed (score 0, no
 * metric error): the aggregates counted each such example as a metric error of every metric
 * (while keeping its 0 in the mean), an efficiency metric scored 0 where a failed invoke measures
 * nothing, `errors` said 1 for 2 repeats, and a set metric (`win_rate`) got a row entry no other
 * example has. It is now scored as a failed invoke of each repeat.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  readLock,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

describe('preflight_failed rows (QA70)', () => {
  it('are scored as failed invokes, not as metric errors', async () => {
    const broken = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
    try {
      const ws = tempWorkspace('qa70-preflight-rows');
      cleanups.push(ws.cleanup);
      writeDataset(ws.dir, 'd1.jsonl', countingExamples(5));
      writePlan(ws.dir, {
        agentUrl: broken.url,
        run: { preflight: 2, repeats: 2 },
        limits: { concurrency: 1 },
        metrics: [
          { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' },
          { type: 'steps' },
          { type: 'pass_hat_k' },
        ],
      });
      const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env: { EVALC_CACHE_DIR: '' } });
      expect(run.code, run.stderr).toBe(1);
      const lock = JSON.parse(readLock(ws.dir));
      type Row = { errors?: string[]; metrics: Record<string, Record<string, unknown>> };
      const rows = lock.results as Row[];
      const sent = rows.filter((r) => r.errors?.[0] === 'semantic_mismatch');
      const held = rows.filter((r) => r.errors?.[0] === 'preflight_failed');
      expect(sent).toHaveLength(2);
      expect(held).toHaveLength(3);
      const figures = (r: Row) =>
        Object.fromEntries(
          Object.entries(r.metrics).map(([id, m]) => {
            const { keys: _keys, key: _key, ...rest } = m;
            return [id, rest];
          }),
        );
      for (const r of held) expect(figures(r)).toEqual(figures(sent[0]!));
      expect(figures(sent[0]!).exact_match).toEqual({ pass: false, score: 0 });
      for (const metrics of Object.values(lock.aggregates.benchmark.a1) as { errors?: number }[])
        expect(metrics.errors).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});
