/**
 * Task- and dataset-scope gates read each task's rows from an index by task (QA85: every group
 * filtered all of the agent's rows, tasks × rows). Each group must still see exactly its own
 * rows: `t1` not `t10`'s, a dataset not its sibling's, a regression paired with the baseline
 * rows of its own task, and a task the baseline lacks compared with nothing.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const m = metric({ type: 'contains', value: 'x' });

function outcomes(scores: number[]): ExampleOutcome[] {
  return scores.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { contains: { score: s, pass: s === 1, errors: 0 } },
  }));
}

/** Task `t<i>` passes `pass(i, dataset)` of its 4 examples in each of datasets d0 and d1. */
function run(ids: number[], pass: (i: number, d: number) => number): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 3, resamples: 50 },
    tasks: ids.map((i) => ({
      id: `t${i}`,
      weight: 1,
      metrics: [m],
      datasets: [0, 1].map((d) => ({
        id: `d${d}`,
        weight: 1,
        agents: { a1: outcomes([0, 1, 2, 3].map((k) => (k < pass(i, d) ? 1 : 0))) },
      })),
    })),
  };
}

const options = { significance: 0.05, seed: 3, resamples: 50 };

describe('gates per task and dataset read their own rows (QA85)', () => {
  it('task, dataset and regression gates over 12 tasks, t1 next to t10 and t11', () => {
    const ids = [10, 1, 11, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    // t1 passes 1 of 4 in d0 and 3 of 4 in d1; t4 and t10 pass 2 of 4 in d0; the rest all
    const current = run(ids, (i, d) =>
      i === 1 ? (d === 0 ? 1 : 3) : (i === 4 || i === 10) && d === 0 ? 2 : 4,
    );
    // the baseline lacks t11, and t10 passed everything there (t10's d0 dropped from 4 to 2)
    const baseline = run(
      ids.filter((i) => i !== 11),
      (i, d) => (i === 1 ? (d === 0 ? 1 : 3) : i === 4 && d === 0 ? 2 : 4),
    );
    const rows = flattenResults(current);
    // the index must not depend on rows arriving task by task
    const shuffled = [...rows.filter((_, k) => k % 2 === 1), ...rows.filter((_, k) => k % 2 === 0)];
    const results = evaluateGates(
      [
        { metric: 'contains', scope: 'task', min: 0.6 },
        { metric: 'contains', scope: 'dataset', min: 0.6 },
        { metric: 'contains', scope: 'task', regression: { max_drop: 0.1 } },
      ],
      { aggregate: aggregate(current), rows: shuffled },
      flattenResults(baseline),
      options,
    );
    const byTarget = (kind: string, target: string) =>
      results.find((r) => r.kind === kind && r.target === target && !r.skipped) ??
      results.find((r) => r.kind === kind && r.target === target);
    expect(byTarget('min', 'task:t1')?.actual).toBe(0.5);
    expect(byTarget('min', 'task:t1')?.passed).toBe(false);
    expect(byTarget('min', 'task:t10')?.actual).toBe(0.75);
    expect(byTarget('min', 'task:t11')?.actual).toBe(1);
    expect(byTarget('min', 'dataset:t1/d0')?.actual).toBe(0.25);
    expect(byTarget('min', 'dataset:t1/d1')?.actual).toBe(0.75);
    expect(byTarget('min', 'dataset:t10/d0')?.actual).toBe(0.5);
    expect(byTarget('min', 'dataset:t10/d0')?.passed).toBe(false);
    expect(byTarget('min', 'dataset:t10/d1')?.passed).toBe(true);
    expect(results.filter((r) => r.kind === 'min' && !r.passed).map((r) => r.target)).toEqual([
      'task:t1',
      'dataset:t1/d0',
      'dataset:t10/d0',
      'dataset:t4/d0',
    ]);
    // regression: t10 dropped (paired with its own baseline rows, not t1's or t11's); t1 and t4 did not
    const reg = (t: string) => results.find((r) => r.kind === 'regression' && r.target === `task:${t}`);
    expect(reg('t10')?.message).toContain('at task:t10 for a1: 1.000 → 0.750 (drop 0.250');
    expect(reg('t10')?.message).toContain('b=2 c=0, n = 8');
    expect(reg('t4')?.message).toContain('0.750 → 0.750 (drop 0.000');
    expect(reg('t1')?.message).toContain('0.500 → 0.500 (drop 0.000');
    expect(reg('t1')?.message).toContain('n = 8');
    expect(reg('t11')?.skipped).toBe(true);
    expect(reg('t11')?.message).toBe('contains: no paired examples with the baseline at task:t11 for a1');
  });
});
