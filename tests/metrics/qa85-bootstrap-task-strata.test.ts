/**
 * The bootstrap groups each task's strata (its datasets with results) in one pass over the
 * strata (QA85: one scan of all strata per task was quadratic in tasks). A task's CI must come
 * from its own datasets with their own weights, whatever the position of its strata in the list:
 * tasks with no results (no strata) between others shift every later task's strata index away
 * from its task index, and must change no other node's CI (the stream draws strata only).
 */
import { describe, expect, it } from 'vitest';
import { aggregate, type TaskInput } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';

function outcomes(scores: (number | null)[]): ExampleOutcome[] {
  return scores.map((score, i) => ({
    example: `e${i}`,
    weight: 1 + (i % 3),
    invokeErrors: 0,
    repeats: 1,
    metrics: { m: { score, errors: score === null ? 1 : 0 } },
  }));
}

const metrics = [{ id: 'm', type: 'f1', params: {} }];
const scores = (n: number, k: number) => Array.from({ length: n }, (_, i) => ((i * k) % 11) / 10);

function task(id: string, k: number): TaskInput {
  return {
    id,
    weight: k,
    metrics,
    datasets: [
      { id: 'a', weight: 1, agents: { x: outcomes(scores(7 + k, k)) } },
      { id: 'b', weight: 2 * k, agents: { x: outcomes(scores(5, k + 3)) } },
      { id: 'c', weight: 3, agents: { x: outcomes([1, 0, 1, 0.5]) } },
    ],
  };
}

/** A task whose every result errored: no stratum, no task CI. */
function errored(id: string): TaskInput {
  return {
    id,
    weight: 4,
    metrics,
    datasets: [{ id: 'a', weight: 1, agents: { x: outcomes([null, null]) } }],
  };
}

describe('bootstrap strata per task (QA85)', () => {
  it('gives each task the CI of its own strata when tasks without results sit between them', () => {
    const plain = [task('t1', 1), task('t3', 2), task('t5', 3), task('t7', 5)];
    const gapped = [errored('t0'), task('t1', 1), errored('t2'), task('t3', 2), errored('t4'), task('t5', 3)];
    gapped.push(errored('t6'), task('t7', 5));
    const bootstrap = { seed: 5, resamples: 300 };
    const a = aggregate({ benchmark: 'b', tasks: plain, bootstrap }).agents.x;
    const b = aggregate({ benchmark: 'b', tasks: gapped, bootstrap }).agents.x;
    expect(a && b).toBeTruthy();
    for (const t of ['t1', 't3', 't5', 't7']) {
      const ta = a?.tasks[t]?.metrics.m?.score;
      const tb = b?.tasks[t]?.metrics.m?.score;
      expect(tb?.ci).toEqual(ta?.ci);
      expect(tb?.mean).toBe(ta?.mean);
      // the CI is the task's own: it differs from task to task and holds the mean
      expect(ta?.ci?.[0]).toBeLessThanOrEqual(ta?.mean ?? Number.NaN);
      expect(ta?.ci?.[1]).toBeGreaterThanOrEqual(ta?.mean ?? Number.NaN);
      for (const d of ['a', 'b', 'c'])
        expect(b?.tasks[t]?.datasets[d]?.metrics.m?.score).toEqual(
          a?.tasks[t]?.datasets[d]?.metrics.m?.score,
        );
    }
    expect(
      new Set(['t1', 't3', 't5', 't7'].map((t) => JSON.stringify(a?.tasks[t]?.metrics.m?.score?.ci))).size,
    ).toBe(4);
    for (const t of ['t0', 't2', 't4', 't6']) expect(b?.tasks[t]?.metrics.m?.score ?? null).toBeNull();
    expect(b?.metrics.m?.score).toEqual(a?.metrics.m?.score);
  });
});
