/**
 * The order of `tasks:` and of a task's `datasets:` in the YAML is not part of the plan digest,
 * so it must not change any aggregate (QA12: listing two datasets the other way round left the
 * lock up to date, while a fresh run wrote other bootstrap CIs for the task and the benchmark).
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate, type TaskInput } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';

function outcomes(scores: number[], weights: number[]): ExampleOutcome[] {
  return scores.map((score, i) => ({
    example: `e${i}`,
    weight: weights[i % weights.length] ?? 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { m: { score, errors: 0 }, win: { score, errors: 0 } },
  }));
}

const metrics = [
  { id: 'm', type: 'f1', params: {} },
  { id: 'win', type: 'win_rate', params: { baseline: 'x', metric: 'm', tolerance: 0 } },
];

function tasks(): TaskInput[] {
  return [
    {
      id: 'Zed',
      weight: 3,
      metrics,
      datasets: [
        {
          id: 'b',
          weight: 1,
          agents: { x: outcomes([1, 0, 1, 1, 0, 1], [1, 2]), y: outcomes([0, 0, 1, 1, 1, 1], [1, 2]) },
        },
        {
          id: 'A',
          weight: 5,
          agents: { x: outcomes([0.2, 0.9, 0.4], [1]), y: outcomes([0.3, 0.3, 0.3], [1]) },
        },
      ],
    },
    {
      id: 'alpha',
      weight: 1,
      metrics,
      datasets: [
        {
          id: 'only',
          weight: 1,
          agents: { x: outcomes([1, 1, 0, 0, 1], [1]), y: outcomes([1, 0, 0, 0, 1], [1]) },
        },
      ],
    },
  ];
}

const input = (t: TaskInput[]): AggregateInput => ({
  benchmark: 'b',
  tasks: t,
  bootstrap: { seed: 7, resamples: 300 },
});

const reversed = (): TaskInput[] =>
  tasks()
    .reverse()
    .map((t) => ({ ...t, datasets: [...t.datasets].reverse() }));

describe('aggregate and YAML order', () => {
  it('gives the same means, CIs and set-metric scores whatever the order of tasks and datasets', () => {
    const a = aggregate(input(tasks()));
    const b = aggregate(input(reversed()));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    // the fixture is one where order mattered: the stratum order moves the task's and the benchmark's CI
    expect(a.agents.x?.tasks.Zed?.metrics.m?.score?.ci).not.toBeNull();
  });

  it('draws the strata in id order (the order a sorted plan gives)', () => {
    const sorted = tasks()
      .sort((p, q) => (p.id < q.id ? -1 : 1))
      .map((t) => ({ ...t, datasets: [...t.datasets].sort((p, q) => (p.id < q.id ? -1 : 1)) }));
    expect(aggregate(input(reversed()))).toEqual(aggregate(input(sorted)));
  });
});
