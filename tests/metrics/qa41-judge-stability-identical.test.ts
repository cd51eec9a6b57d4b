/**
 * QA41: `judge_stability` over repeats whose judge scores are all equal has a standard deviation
 * of exactly 0 — it was 1.9e-17 for three scores of 0.1 (the float mean of 0.1, 0.1, 0.1 is not
 * 0.1), which evalc.lock recorded and the reports' CI showed as [1.7e-18, 4.7e-17]. Python's
 * `statistics.pstdev([0.1] * 3)` is 0.
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { standardDeviation } from '../../src/metrics/stats/descriptive.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const repeat = (i: number, judge: number): RepeatResult => ({
  repeat: i,
  candidates: { answer: 'a' },
  results: { judge: { score: judge } },
  pass: true,
});

describe('judge_stability of identical scores (QA41)', () => {
  it.each([0.1, 0.2, 0.55, 0.7])('is 1 with a standard deviation of 0 for three scores of %s', (s) => {
    const o = rollupRepeats({
      example: { id: 'e', weight: 1 },
      metrics: [metric({ type: 'judge_stability' })],
      repeats: [repeat(0, s), repeat(1, s), repeat(2, s)],
    });
    expect(o.metrics.judge_stability?.score).toBe(1);
    expect(o.metrics.judge_stability?.value).toBe(0);
  });

  it('keeps the population standard deviation of scores that differ', () => {
    // 0.25, 0.5, 0.75: mean 0.5, deviations ±0.25 → sqrt(0.125 / 3)
    expect(standardDeviation([0.25, 0.5, 0.75])).toBeCloseTo(Math.sqrt(0.125 / 3), 15);
    expect(standardDeviation([0.1])).toBe(0);
    expect(standardDeviation([])).toBeNull();
  });
});
