/**
 * QA71: the exact McNemar p-value is the exact binomial tail rounded once, as
 * `scipy.stats.binomtest(min(b, c), b + c, 0.5).pvalue` gives it (constants below printed by
 * SciPy 1.17 and checked as fractions 2·Σᵢ≤min C(n, i) / 2ⁿ in Python; where SciPy's own float
 * sum differs in the 15th digit, the fraction's rounding is the constant). The tail was summed in floating
 * point (exp of log-binomials), which left 5/8 as 0.6249999999999999 and 1/32 as
 * 0.031250000000000014: a gate at `significance: 0.625` failed a b=3 c=1 comparison whose p is
 * exactly 0.625 (the rule is p < α). And McNemar's unweighted flips must point the way the
 * weighted change does before its p makes a regression.
 */
import { describe, expect, it } from 'vitest';
import { mcnemarExact } from '../../src/metrics/stats/mcnemar.js';

describe('exact McNemar p-values (QA71)', () => {
  it('equals scipy.stats.binomtest to the last bit', () => {
    const cases: [number, number, number][] = [
      [3, 1, 0.625], // binomtest(1, 4)
      [6, 0, 0.03125], // binomtest(0, 6)
      [0, 3, 0.25],
      [1, 8, 0.0390625], // binomtest(1, 9)
      [10, 2, 0.03857421875], // binomtest(2, 12)
      [3, 5, 0.7265625],
      // the fraction 2·Σ C(175, i≤75) / 2¹⁷⁵ rounded once; binomtest(75, 175) prints …178 (its own float sum)
      [100, 75, 0.06933702412999165],
      [2000, 2600, 9.22122107676965e-19], // the fraction; binomtest(2000, 4600) prints …678
    ];
    for (const [b, c, p] of cases) expect(mcnemarExact(b, c).pValue, `b=${b} c=${c}`).toBe(p);
  });

  it('is 1 with no discordant pair, with one, and with as many flips each way', () => {
    expect(mcnemarExact(0, 0).pValue).toBe(1);
    expect(mcnemarExact(1, 0).pValue).toBe(1);
    expect(mcnemarExact(7, 7).pValue).toBe(1);
    expect(mcnemarExact(7, 8).pValue).toBe(1);
  });

  it('stays a number at many pairs (no 2^n overflow)', () => {
    // binomtest(4995, 10000) and binomtest(9990, 20000) (SciPy 1.17; the same as the fractions rounded once)
    expect(mcnemarExact(4995, 5005).pValue).toBe(0.928287806081902);
    expect(mcnemarExact(9990, 10010).pValue).toBe(0.8931260239225577);
    // past the integer cap the float sum is used
    expect(mcnemarExact(10000, 10100).pValue).toBeCloseTo(0.48499542904799237, 8); // binomtest(10000, 20100)
  });
});
