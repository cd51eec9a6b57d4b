/**
 * QA33: aggregation after the last reply draws one bootstrap resample, not 1,000, when every
 * dataset of a metric has the same mean in every resample (all passing, all failing): its CIs are
 * the one value each node takes. Errors are counted in one pass over the examples.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';

function outcomes(scores: number[], weights: number[], errors: number[] = []): ExampleOutcome[] {
  return scores.map((score, i) => ({
    example: `e${i}`,
    weight: weights[i % weights.length] ?? 1,
    invokeErrors: errors[i] ?? 0,
    repeats: 1,
    metrics: { m: { score, errors: errors[i] ?? 0 }, n: { score: 1, errors: 0 } },
  }));
}

const metrics = [
  { id: 'm', type: 'f1', params: {} },
  { id: 'n', type: 'f1', params: {} },
];

function input(b: number[], resamples = 1000): AggregateInput {
  return {
    benchmark: 'bench',
    bootstrap: { seed: 7, resamples },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics,
        datasets: [
          { id: 'a', weight: 1, agents: { x: outcomes([1, 1, 1], [1, 2], [0, 2, 1]) } },
          { id: 'b', weight: 3, agents: { x: outcomes(b, [1]) } },
        ],
      },
    ],
  };
}

describe('aggregation of metrics whose every resample is the same', () => {
  it('gives each node the CI [v, v] of its one value: all-passing and all-failing datasets', () => {
    const agent = aggregate(input([0, 0, 0, 0])).agents.x;
    const task = agent?.tasks.t;
    // By hand: a is all 1, b all 0; the task weighs them 1 : 3, so every resample's task mean is 0.25.
    expect(task?.datasets.a?.metrics.m?.score).toEqual({ mean: 1, ci: [1, 1], n: 3 });
    expect(task?.datasets.b?.metrics.m?.score).toEqual({ mean: 0, ci: [0, 0], n: 4 });
    expect(task?.metrics.m?.score).toEqual({ mean: 0.25, ci: [0.25, 0.25], n: 7 });
    expect(agent?.metrics.m?.score).toEqual({ mean: 0.25, ci: [0.25, 0.25], n: 7 });
    expect(agent?.metrics.n?.score).toEqual({ mean: 1, ci: [1, 1], n: 7 });
    // No resample at all: each CI is the point estimate.
    const none = aggregate(input([0, 0, 0, 0], 0)).agents.x;
    expect(none?.metrics.m?.score).toEqual({ mean: 0.25, ci: [0.25, 0.25], n: 7 });
  });

  it('still draws every resample when one dataset varies', () => {
    const agent = aggregate(input([0, 1, 0, 1])).agents.x;
    const b = agent?.tasks.t?.datasets.b?.metrics.m?.score;
    expect(b?.mean).toBe(0.5);
    const [lo, hi] = b?.ci ?? [0, 0];
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
    // The fixed dataset keeps its degenerate CI beside it.
    expect(agent?.tasks.t?.datasets.a?.metrics.m?.score?.ci).toEqual([1, 1]);
  });

  it('counts invoke and metric errors of every node in one pass', () => {
    const agent = aggregate(input([0, 0, 0, 0])).agents.x;
    // Dataset a: errors 0 + 2 + 1 = 3 (invoke and metric m alike); b: none.
    expect(agent?.tasks.t?.datasets.a?.invokeErrors).toBe(3);
    expect(agent?.tasks.t?.datasets.a?.metrics.m?.errors).toBe(3);
    expect(agent?.tasks.t?.datasets.b?.metrics.m?.errors).toBe(0);
    expect(agent?.tasks.t?.invokeErrors).toBe(3);
    expect(agent?.metrics.m?.errors).toBe(3);
    expect(agent?.metrics.n?.errors).toBe(0);
    expect(agent?.examples).toBe(7);
  });
});
