/**
 * QA37: gates compare the figure evalc.lock records, not the float noise under it.
 *
 * Datasets d1 (weight 1: one example, failed) and d2 (weight 2: three of five passed): by hand the
 * benchmark pass rate is (1·0 + 2·0.6)/3 = 0.4, which the lock and report.md print; the float
 * is 1.2/3 = 0.39999999999999997, and `{ metric: pass_rate, min: 0.4 }` failed saying
 * "pass_rate = 0.400 at benchmark …; required ≥ 0.4".
 * A regression from 0.8 to 0.7 on every one of 8 examples drops by 0.1 (the float: 0.10000000000000009)
 * and is not above `max_drop: 0.1` (it was a REGRESSION, "drop 0.100, max_drop 0.1").
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { asRecorded } from '../../src/metrics/decimal-round.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates, type GateSpec } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function outcomes(scores: number[], id: string): ExampleOutcome[] {
  return scores.map((score, i) => ({
    example: `${id}${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { m: { score, ...(score === 0 || score === 1 ? { pass: score === 1 } : {}), errors: 0 } },
  }));
}

function run(datasets: { id: string; weight: number; scores: number[] }[]): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 1000 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [metric({ type: 'exact_match', id: 'm' })],
        datasets: datasets.map((d) => ({
          id: d.id,
          weight: d.weight,
          agents: { a: outcomes(d.scores, d.id) },
        })),
      },
    ],
  };
}

function gates(specs: GateSpec[], current: AggregateInput, baseline?: AggregateInput) {
  return evaluateGates(
    specs,
    { aggregate: aggregate(current), rows: flattenResults(current) },
    baseline ? flattenResults(baseline) : undefined,
    { significance: 0.05, seed: 7, resamples: 1000 },
  );
}

describe('gates judge the recorded figure (QA37)', () => {
  const input = run([
    { id: 'd1', weight: 1, scores: [0] },
    { id: 'd2', weight: 2, scores: [1, 1, 1, 0, 0] },
  ]);

  it('passes min: 0.4 and max: 0.4 on a mean of 0.4', () => {
    expect(aggregate(input).agents.a?.metrics.m?.score?.mean).toBe(1.2 / 3); // 0.39999999999999997
    expect(asRecorded(1.2 / 3)).toBe(0.4);
    const [min, max] = gates(
      [
        { metric: 'm', min: 0.4 },
        { metric: 'm', max: 0.4 },
      ],
      input,
    );
    expect(min?.passed).toBe(true);
    expect(min?.message).toBe('m = 0.400 at benchmark for a; required ≥ 0.4');
    expect(max?.passed).toBe(true);
    expect(
      gates([{ metric: 'm', min: 0.41 }], input).map((g) => g.passed),
      'a bound above the figure still fails',
    ).toEqual([false]);
  });

  it('does not call a drop of exactly max_drop a regression', () => {
    const baseline = run([{ id: 'd', weight: 1, scores: Array(8).fill(0.8) }]);
    const current = run([{ id: 'd', weight: 1, scores: Array(8).fill(0.7) }]);
    const [at] = gates([{ metric: 'm', regression: { max_drop: 0.1 } }], current, baseline);
    // Exact sign-flip p over 8 pairs that all dropped: 2/2⁸ = 0.0078 (significant).
    expect(at?.test?.pValue).toBeCloseTo(2 / 256, 12);
    expect(at?.passed).toBe(true);
    expect(at?.message).toContain('drop 0.100, max_drop 0.1');
    expect(at?.message).toContain('drop ≤ max_drop 0.1');
    const [above] = gates([{ metric: 'm', regression: { max_drop: 0.099 } }], current, baseline);
    expect(above?.passed).toBe(false);
  });
});
