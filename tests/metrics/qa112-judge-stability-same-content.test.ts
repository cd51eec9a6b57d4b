/**
 * QA112: `judge_stability` is an evaluator-reliability meta-metric (DESIGN §4): how steady the
 * judge is. Repeats re-invoke the agent, so an agent that answers differently across repeats gave
 * the judge different texts: a deterministic judge scoring "The refund was issued." 0.9 three
 * times and "Please call support." 0.26 three times read as judge_stability 0.36 (stdev 0.32) —
 * the agent's variance blamed on the judge. The judge's text is rendered from the example and the
 * repeat's candidates only, so the spread is now measured among repeats with the same candidates.
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const repeat = (i: number, answer: string, judge: number): RepeatResult => ({
  repeat: i,
  candidates: { answer },
  results: { judge: { score: judge } },
  pass: true,
});

function stability(repeats: RepeatResult[]) {
  const o = rollupRepeats({
    example: { id: 'e', weight: 1 },
    metrics: [metric({ type: 'judge_stability' })],
    repeats,
  });
  return o.metrics.judge_stability;
}

describe('judge_stability compares the judge on the same content (QA112)', () => {
  it('a judge that gives each of two answers one score is stable, whatever the agent did', () => {
    const r = stability([
      repeat(0, 'The refund was issued.', 0.9),
      repeat(1, 'Please call support.', 0.26),
      repeat(2, 'The refund was issued.', 0.9),
      repeat(3, 'Please call support.', 0.26),
    ]);
    expect(r?.score).toBe(1);
    expect(r?.value).toBe(0);
  });

  it('measures the spread within each answer: the worst range, the pooled standard deviation', () => {
    const r = stability([repeat(0, 'A', 0.8), repeat(1, 'A', 0.6), repeat(2, 'B', 0.2), repeat(3, 'B', 0.3)]);
    // ranges 0.2 (A) and 0.1 (B) → 1 − 0.2; deviations ±0.1, ±0.05 → sqrt((0.02 + 0.005) / 4)
    expect(r?.score).toBeCloseTo(0.8, 12);
    expect(r?.value).toBeCloseTo(Math.sqrt(0.025 / 4), 12);
  });

  it('has no figure when no two repeats gave the judge the same text', () => {
    const r = stability([repeat(0, 'A', 0.9), repeat(1, 'B', 0.2), repeat(2, 'C', 0.5)]);
    expect(r?.score).toBeNull();
    expect(r?.value).toBeUndefined();
  });
});
