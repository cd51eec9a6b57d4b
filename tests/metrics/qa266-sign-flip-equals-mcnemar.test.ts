/**
 * QA266: exact McNemar is kept only where every pair weighs the same, because there the exact
 * sign-flip test on the ±1 differences *is* McNemar: T = (c − b)·w, and flipping signs draws b + c
 * fair coins, so P(|T'| ≥ |T|) is the two-sided binomial tail. b=3 c=1: the 16 patterns whose
 * |#plus − #minus| ≥ 2 are all but the 6 with two each, 10/16 = 0.625 = binomtest(1, 4).
 * Unequal weights break it (mcnemarApplies says no), as QA262's 3 : 1 case shows.
 */
import { describe, expect, it } from 'vitest';
import { mcnemarApplies, mcnemarExact } from '../../src/metrics/stats/mcnemar.js';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';

function pairs(b: number, c: number, same: number): { old: number[]; now: number[] } {
  const old = [...Array(b).fill(1), ...Array(c).fill(0), ...Array(same).fill(1)];
  const now = [...Array(b).fill(0), ...Array(c).fill(1), ...Array(same).fill(1)];
  return { old, now };
}

describe('exact sign-flip = exact McNemar at equal weights (QA266)', () => {
  it('gives b=3 c=1 p = 0.625 both ways, and the same p for every b + c ≤ 9', () => {
    const { old, now } = pairs(3, 1, 4);
    const weights = Array(8).fill(1 / 8);
    expect(pairedBootstrap(old, now, weights, { seed: 7, resamples: 1000 })?.pValue).toBe(0.625);
    expect(mcnemarExact(3, 1).pValue).toBe(0.625);
    for (let n = 1; n <= 9; n += 1) {
      for (let b = 0; b <= n; b += 1) {
        const p = pairs(b, n - b, 2);
        const boot = pairedBootstrap(p.old, p.now, undefined, { seed: 7, resamples: 1000 });
        expect(boot?.exact, `b=${b} c=${n - b}`).toBe(true);
        expect(boot?.pValue, `b=${b} c=${n - b}`).toBeCloseTo(mcnemarExact(b, n - b).pValue, 12);
      }
    }
  });

  it('keeps McNemar for one weight (pairs of weight 0 aside) and not for two', () => {
    const { old, now } = pairs(3, 1, 0);
    expect(mcnemarApplies(old, now, undefined)).toBe(true);
    expect(mcnemarApplies(old, now, [0.25, 0.25, 0, 0.25])).toBe(true);
    // 3/4 · 1/4 and 3/16: one weight reached two ways
    expect(mcnemarApplies(old, now, [(3 / 4) * (1 / 4), 3 / 16, 3 / 16, 3 / 16])).toBe(true);
    expect(mcnemarApplies(old, now, [3 / 16, 3 / 16, 3 / 16, 1 / 76])).toBe(false);
    expect(mcnemarApplies([1, 0.5], [0, 1], undefined)).toBe(false);
  });
});
