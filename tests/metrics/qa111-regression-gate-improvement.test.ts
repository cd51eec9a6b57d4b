/**
 * QA111: a regression gate whose metric improved said "0.000 → 1.000 (drop -1.000, max_drop 0.02)
 * …: drop ≤ max_drop 0.02" in report.md and on stderr. An improvement now reads "better by" and
 * "no drop"; a real drop and an unchanged mean read as before.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const m = metric({ type: 'contains', value: 'x' });

function run(passing: number): AggregateInput {
  const outcomes: ExampleOutcome[] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({
    example: `e${k}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { contains: { score: k < passing ? 1 : 0, pass: k < passing, errors: 0 } },
  }));
  return {
    benchmark: 'b',
    bootstrap: { seed: 3, resamples: 50 },
    tasks: [
      { id: 't', weight: 1, metrics: [m], datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes } }] },
    ],
  };
}

function regressionMessage(before: number, after: number): string | undefined {
  const current = run(after);
  const [gate] = evaluateGates(
    [{ metric: 'contains', scope: 'benchmark', regression: { max_drop: 0.02 } }],
    { aggregate: aggregate(current), rows: flattenResults(current) },
    flattenResults(run(before)),
    { significance: 0.05, seed: 3, resamples: 50 },
  );
  expect(gate?.passed).toBe(true);
  return gate?.message;
}

describe('a regression gate of an improved metric (QA111)', () => {
  it('says "better by" and "no drop", not a negative drop', () => {
    const message = regressionMessage(0, 8);
    expect(message).toContain('0.000 → 1.000 (better by 1.000, max_drop 0.02)');
    expect(message).toMatch(/: no drop$/);
    expect(message).not.toContain('drop -');
  });

  it('keeps the wording of an unchanged mean and of a small drop', () => {
    expect(regressionMessage(4, 4)).toContain('0.500 → 0.500 (drop 0.000, max_drop 0.02)');
    expect(regressionMessage(4, 4)).toMatch(/: drop ≤ max_drop 0.02$/);
    expect(regressionMessage(8, 7)).toContain('1.000 → 0.875 (drop 0.125, max_drop 0.02)');
    expect(regressionMessage(8, 7)).toMatch(/: not significant$/);
  });
});
