/**
 * QA102 (QA98 F6): an empty checkpoint list has nothing to reach, so `checkpoints` and
 * `progress_rate` score 1 there, as `tool_call_match` with no call expected and `contains` with
 * nothing to look for do (README's empty-reference rules). Before (version 1), `expected.checkpoints: []`
 * — a refusal example with no key node — was a metric_error "no checkpoint list", counted in the
 * Errors table and left out of the mean, beside tool_call_match's 1 on the same example. A missing
 * list stays a metric_error. Real loopback `http` agent echoing the example's reply.
 *
 * Hand-computed: e1 reaches its one checkpoint → 1; e2 `[]` → 1; e3 misses its one → 0;
 * e4 has no `checkpoints` → metric_error. Mean (1 + 1 + 0) / 3 = 0.667 over n = 3, errors 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((_req, res, body) => {
    sendJson(res, 200, { answer: String((JSON.parse(body) as { q?: unknown }).q) });
  });
});
afterAll(async () => {
  await agent.close();
  for (const cleanup of cleanups) cleanup();
});

describe('checkpoints and progress_rate with an empty checkpoint list (QA102)', () => {
  it('scores an empty list 1, as tool_call_match does, and a missing one stays a metric_error', async () => {
    const ws = tempWorkspace('qa102-checkpoints-empty');
    cleanups.push(ws.cleanup);
    const reach = [{ candidate: 'answer', equals: 'yes' }];
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      [
        { id: 'e1', vars: { q: 'yes' }, expected: { checkpoints: reach, tool_calls: [] } },
        { id: 'e2', vars: { q: 'no' }, expected: { checkpoints: [], tool_calls: [] } },
        { id: 'e3', vars: { q: 'no' }, expected: { checkpoints: reach, tool_calls: [] } },
        { id: 'e4', vars: { q: 'yes' }, expected: { tool_calls: [] } },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa102-checkpoints', version: '1.0.0' },
      agents: {
        a: { protocol: 'http', url: `${agent.url}/ask`, response: 'answer', limits: { retries: 0 } },
      },
      tasks: {
        t: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: '@' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [
            { type: 'checkpoints' },
            { type: 'progress_rate', order: 'ordered' },
            { type: 'tool_call_match' },
          ],
        },
      },
      run: { repeats: 1, seed: 7 },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(apply.code, apply.stderr).toBe(0);
    const rows = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.metrics]));
    for (const id of ['checkpoints', 'progress_rate']) {
      expect(rows.e1?.[id]).toMatchObject({ score: 1, pass: true });
      expect(rows.e2?.[id]).toMatchObject({ score: 1, pass: true });
      expect(rows.e2?.[id]?.error).toBeUndefined();
      expect(rows.e3?.[id]).toMatchObject({ score: 0, pass: false });
      expect(rows.e4?.[id]).toMatchObject({ score: null, error: 'metric_error' });
    }
    // The same example's tool_call_match with no call expected: 1, as before.
    expect(rows.e2?.tool_call_match).toMatchObject({ score: 1, pass: true });
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      aggregates: { benchmark: { a: Record<string, { mean: number; n: number; errors?: number }> } };
    };
    for (const id of ['checkpoints', 'progress_rate'])
      expect(lock.aggregates.benchmark.a[id]).toMatchObject({ mean: 0.666666666667, n: 3, errors: 1 });
    const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).toContain('| `metric_error` | `checkpoints` | 1 |');
  });
});
