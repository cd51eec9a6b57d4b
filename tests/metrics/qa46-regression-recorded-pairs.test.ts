/**
 * QA46: a fresh `apply --baseline` paired the baseline lock's figures (12 significant digits,
 * 2/3 → 0.666666666667) with the run's own full-precision scores (0.6666666666666666), so every
 * unchanged example scoring 2/3 counted as a changed pair of the sign-flip test. Its p-value then
 * differed from the one `evalc diff` and a re-apply of the same lock print for the same comparison
 * (0.0340 in the gate, 0.028 in report.md's deltas table, QA46's f1 plan), and a test of 3 changed
 * pairs became a Monte Carlo one over 10.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { type ExampleScoreRow, flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const f1 = metric({ type: 'f1' });

function run(scores: number[]): AggregateInput {
  const outcomes: ExampleOutcome[] = scores.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { f1: { score: s, errors: 0 } },
  }));
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 1000 },
    tasks: [
      { id: 't', weight: 1, metrics: [f1], datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes } }] },
    ],
  };
}

/** The rows as evalc.lock records them (what a baseline lock and `evalc diff` read). */
function asLocked(rows: ExampleScoreRow[]): ExampleScoreRow[] {
  return rows.map((r) => ({ ...r, score: r.score === null ? null : Number(r.score.toPrecision(12)) }));
}

describe('regression gate pairs the figures as the lock records them (QA46)', () => {
  // Seven examples score 2/3 in both runs; three drop from 1 to 0.5 (equal weights).
  const unchanged = Array.from({ length: 7 }, () => 2 / 3);
  const baseline = asLocked(flattenResults(run([...unchanged, 1, 1, 1])));
  const current = run([...unchanged, 0.5, 0.5, 0.5]);

  it('tests the 3 changed pairs exactly: p = 2/2³ = 0.25, the same as from the recorded rows', () => {
    const gate = { metric: 'f1', regression: { max_drop: 0.02 } };
    const options = { significance: 0.05, seed: 7, resamples: 1000 };
    const [fresh] = evaluateGates(
      [gate],
      { aggregate: aggregate(current), rows: flattenResults(current) },
      baseline,
      options,
    );
    // Hand-checked: the 3 changed pairs all moved by −0.5; of the 2³ sign patterns only the two
    // with one sign throughout reach |T| = 0.5·3/10, so p = 2/8.
    expect(fresh?.test?.pValue).toBe(0.25);
    expect(fresh?.message).toContain('exact sign-flip p');
    const [reapplied] = evaluateGates(
      [gate],
      { aggregate: aggregate(current), rows: asLocked(flattenResults(current)) },
      baseline,
      options,
    );
    expect(fresh?.message).toBe(reapplied?.message);
  });
});
