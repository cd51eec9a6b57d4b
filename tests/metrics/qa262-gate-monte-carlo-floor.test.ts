/**
 * QA262: a regression gate whose `significance` is at or below a Monte Carlo sign-flip p's floor,
 * 1/(B + 1) (0.000999 at run.bootstrap 1000), can never fail: 18 pairs that all dropped by 0.5
 * (exact sign-flip p = 2/2¹⁸ = 7.6e-6, by hand) passed as `p = 0.0010 (…) : not significant` at
 * α = 0.0005 with nothing saying why. It still passes — the test cannot tell at that α — but the
 * message now says the floor and the run.bootstrap (⌊1/α⌋ = 2000) that reaches α.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const f1 = metric({ type: 'f1', candidate: 'a', expected: 'a' });

function rows(score: number) {
  const outcomes: ExampleOutcome[] = Array.from({ length: 18 }, (_, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { f1: { score, errors: 0 } },
  }));
  const input = {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 1000 },
    tasks: [
      { id: 't', weight: 1, metrics: [f1], datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes } }] },
    ],
  };
  return { aggregate: aggregate(input), rows: flattenResults(input) };
}

const gate = (significance: number, resamples: number) =>
  evaluateGates(
    [{ metric: 'f1', scope: 'benchmark', regression: { max_drop: 0.01, significance } }],
    rows(0.5),
    rows(1).rows,
    { significance: 0.05, seed: 7, resamples },
  )[0];

describe('a regression gate whose Monte Carlo p cannot reach its significance (QA262)', () => {
  it('passes saying the p floor and the run.bootstrap that reaches α', () => {
    const result = gate(0.0005, 1000);
    expect(result?.passed).toBe(true);
    expect(result?.message).toContain(
      'p = 0.0010 (paired bootstrap CI, sign-flip p, n = 18, α = 0.0005): not significant (a Monte Carlo p is never below 1/(B + 1) = 0.0010 (run.bootstrap 1000), not below α = 0.0005; run.bootstrap: 2000 or more lets one reach it)',
    );
  });

  it('fails as a regression with resamples enough, and says nothing of a floor at the default α', () => {
    expect(gate(0.0005, 2000)).toMatchObject({ passed: false });
    expect(gate(0.0005, 2000)?.message).toMatch(/: REGRESSION$/);
    expect(gate(0.05, 1000)?.message).not.toContain('never below');
  });
});
