/**
 * QA37: a regression gate (and `evalc diff`) over a plan with weights of 0 — a dataset whose
 * examples all weigh 0, a dataset of weight 0, an example of weight 0. The gate's baseline and
 * current means must be the lock's aggregates, and the McNemar counts must leave out the pairs
 * that are in no mean (as the sign-flip test already did).
 *
 * The plan (tasks t1 weight 3, t2 weight 1), exact_match per example, baseline → current:
 *   t1/d1 (weight 1): d1a w1 1→0, d1b w2 1→0, d1c w1 0→1, d1d w1 0→0
 *   t1/d2 (weight 0): d2a 1→0, d2b 1→1
 *   t1/d3 (weight 2): d3a 1→0
 *   t1/d4 (weight 1, every example of weight 0): d4a 1→0, d4b 0→0
 *   t2/e1 (weight 1): e1 1, e2 1, e3 1 (unchanged)
 * Baseline by hand: d1 = (1 + 2)/5 = 0.6, d2 = 1, d3 = 1, d4 has no mean (drops out);
 *   t1 = (1·0.6 + 0·1 + 2·1)/(1 + 0 + 2) = 2.6/3; t2 = 1; benchmark = (3·2.6/3 + 1)/4 = 0.9.
 * Current: d1 = 1/5 = 0.2, d2 = 0.5, d3 = 0; t1 = 0.2/3; benchmark = (0.2 + 1)/4 = 0.3.
 * Before the fix the gate said 0.908 → 0.354: d4's weight stayed in t1's denominator (S_t = 4),
 * so t1's rows summed to 9/16 instead of 3/4 and the pooled mean renormalised across tasks.
 * Discordant pairs with a weight: d1a, d1b, d3a (b = 3) and d1c (c = 1); d2a (dataset weight 0)
 * and d4a (example weight 0) are in no mean. The pairs weigh 1/20 (d1a, d1c), 1/10 (d1b) and 1/2
 * (d3a): unequal, so the weighted sign-flip test (QA266; McNemar's b = 3, c = 1 gave 0.625). In units
 * of 1/20 the changes are −1, −2, +1, −10, |sum| 12; of the 16 sign patterns ±10 + (±1 ±2 ±1) reach
 * 12 when the three small ones sum to 2 or 4 with the 10's sign: 3 patterns each way, p = 6/16 = 0.375.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults, hierarchicalWeights } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const em = metric({ type: 'exact_match' });

type Spec = Record<string, Record<string, [weight: number, score: number]>>;

function outcomes(examples: Record<string, [number, number]>): ExampleOutcome[] {
  return Object.entries(examples).map(([id, [weight, score]]) => ({
    example: id,
    weight,
    invokeErrors: 0,
    repeats: 1,
    metrics: { exact_match: { score, pass: score === 1, errors: 0 } },
  }));
}

function run(t1: Spec, t2: Spec): AggregateInput {
  const datasets = (spec: Spec, weights: Record<string, number>) =>
    Object.entries(spec).map(([id, ex]) => ({ id, weight: weights[id] ?? 1, agents: { a: outcomes(ex) } }));
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 200 },
    tasks: [
      { id: 't1', weight: 3, metrics: [em], datasets: datasets(t1, { d1: 1, d2: 0, d3: 2, d4: 1 }) },
      { id: 't2', weight: 1, metrics: [em], datasets: datasets(t2, { e1: 1 }) },
    ],
  };
}

const t2: Spec = { e1: { e1: [1, 1], e2: [1, 1], e3: [1, 1] } };
const baseline = run(
  {
    d1: { d1a: [1, 1], d1b: [2, 1], d1c: [1, 0], d1d: [1, 0] },
    d2: { d2a: [1, 1], d2b: [1, 1] },
    d3: { d3a: [1, 1] },
    d4: { d4a: [0, 1], d4b: [0, 0] },
  },
  t2,
);
const current = run(
  {
    d1: { d1a: [1, 0], d1b: [2, 0], d1c: [1, 1], d1d: [1, 0] },
    d2: { d2a: [1, 0], d2b: [1, 1] },
    d3: { d3a: [1, 0] },
    d4: { d4a: [0, 0], d4b: [0, 0] },
  },
  t2,
);

describe('regression gates with weights of 0 (QA37)', () => {
  it('pools the rows to the hierarchical means the aggregates report', () => {
    expect(aggregate(baseline).agents.a?.metrics.exact_match?.score?.mean).toBeCloseTo(0.9, 12);
    expect(aggregate(current).agents.a?.metrics.exact_match?.score?.mean).toBeCloseTo(0.3, 12);
    for (const [input, mean] of [
      [baseline, 0.9],
      [current, 0.3],
    ] as const) {
      const rows = flattenResults(input);
      const w = hierarchicalWeights(rows);
      const total = w.reduce((a, b) => a + b, 0);
      const pooled = rows.reduce((s, r, i) => s + (r.score ?? 0) * (w[i] ?? 0), 0) / total;
      expect(total).toBeCloseTo(1, 12);
      expect(pooled).toBeCloseTo(mean, 12);
    }
  });

  it('reports the lock means and leaves pairs of weight 0 out of the paired test', () => {
    const [gate] = evaluateGates(
      [{ metric: 'exact_match', regression: { max_drop: 0.05 } }],
      { aggregate: aggregate(current), rows: flattenResults(current) },
      flattenResults(baseline),
      { significance: 0.05, seed: 7, resamples: 200 },
    );
    expect(gate?.test?.method).toBe('sign_flip');
    expect(gate?.test?.baseline).toBeCloseTo(0.9, 12);
    expect(gate?.test?.current).toBeCloseTo(0.3, 12);
    expect(gate?.test?.pValue).toBeCloseTo(0.375, 12);
    expect(gate?.message).toContain('exact sign-flip p, n = ');
    expect(gate?.message).toContain('0.900 → 0.300 (drop 0.600');
  });

  it('drops a task whose datasets all weigh 0 from the benchmark, as aggregate does', () => {
    const rows = flattenResults(current).map((r) => (r.task === 't2' ? { ...r, datasetWeight: 0 } : r));
    const w = hierarchicalWeights(rows);
    // t2 has no mean: t1 alone is the benchmark, 0.2/3.
    const total = w.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(rows.reduce((s, r, i) => s + (r.score ?? 0) * (w[i] ?? 0), 0)).toBeCloseTo(0.2 / 3, 12);
  });
});
