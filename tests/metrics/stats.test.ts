import { describe, expect, it } from 'vitest';
import { logChoose, passAtK, passHatK } from '../../src/metrics/stats/binomial.js';
import { bootstrapMean } from '../../src/metrics/stats/bootstrap.js';
import { averageRanks, pearson, spearman } from '../../src/metrics/stats/correlation.js';
import { percentileSorted, weightedMean } from '../../src/metrics/stats/descriptive.js';
import { cohensKappa } from '../../src/metrics/stats/kappa.js';
import { mcnemarExact } from '../../src/metrics/stats/mcnemar.js';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { createRandom, deriveSeed } from '../../src/metrics/stats/prng.js';

describe('weighted mean and percentiles', () => {
  it('computes Σwx/Σw', () => {
    // (1·1 + 0·3) / (1 + 3) = 0.25
    expect(weightedMean([1, 0], [1, 3])).toBe(0.25);
    expect(weightedMean([], [])).toBeNull();
    expect(weightedMean([5], [0])).toBeNull();
  });
  it('interpolates percentiles linearly like numpy', () => {
    // h = (4 − 1) · 0.5 = 1.5 → 2 + 0.5·(3 − 2) = 2.5
    expect(percentileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    // h = 3 · 0.25 = 0.75 → 1 + 0.75·1 = 1.75
    expect(percentileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
  });
});

describe('Pearson, Spearman, Cohen κ', () => {
  it('computes Pearson r of a hand-worked example', () => {
    // x̄ = 3, ȳ = 4; dx = (−2,−1,0,1,2), dy = (−2,0,1,0,1)
    // Σdxdy = 4+0+0+0+2 = 6, Σdx² = 10, Σdy² = 6 → r = 6/√60 = 0.7745967
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it("matches Wikipedia's Spearman worked example (IQ vs hours of TV): ρ = −29/165", () => {
    // Wikipedia, "Spearman's rank correlation coefficient", Example: Σd² = 194, n = 10,
    // ρ = 1 − 6·194 / (10·(10² − 1)) = 1 − 1164/990 = −0.175757…
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(spearman(iq, tv)).toBeCloseTo(-29 / 165, 12);
  });

  it('gives tied values their average rank', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    // ranks x = (1, 2.5, 2.5, 4), y = (1, 2, 3, 4); both means 2.5
    // Σdxdy = 2.25 + 0 + 0 + 2.25 = 4.5; Σdx² = 4.5; Σdy² = 5 → ρ = 4.5/√22.5 = 0.9486833
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(22.5), 12);
  });

  it("matches Wikipedia's Cohen κ example (50 grant proposals): κ = 0.4", () => {
    // Wikipedia, "Cohen's kappa", Simple example: yes/yes 20, A-yes/B-no 5, A-no/B-yes 10, no/no 15.
    // pₒ = 35/50 = 0.7; pₑ = 0.5·0.6 + 0.5·0.4 = 0.5; κ = (0.7 − 0.5)/(1 − 0.5) = 0.4
    const a = [...Array(20).fill('y'), ...Array(5).fill('y'), ...Array(10).fill('n'), ...Array(15).fill('n')];
    const b = [...Array(20).fill('y'), ...Array(5).fill('n'), ...Array(10).fill('y'), ...Array(15).fill('n')];
    const k = cohensKappa(a, b);
    expect(k.observedAgreement).toBeCloseTo(0.7, 12);
    expect(k.expectedAgreement).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
  });
});

describe('exact McNemar', () => {
  it('matches the exact conditional p of Fagerland et al. (2013), b = 6, c = 16: p = 0.052', () => {
    // Fagerland, Lydersen & Laake, BMC Med Res Methodol 13:91 (2013), Table 1 (AHR data 59/6/16/80).
    // n = 22: P(X ≤ 6) = (1 + 22 + 231 + 1540 + 7315 + 26334 + 74613) / 2²² = 110056 / 4194304
    // two-sided p = 2 · 0.0262394 = 0.0524788
    const r = mcnemarExact(6, 16);
    expect(r.pValue).toBeCloseTo((2 * 110056) / 4194304, 10);
    expect(r.pValue.toFixed(3)).toBe('0.052');
  });
  it('is symmetric in b and c and is 1 without discordant pairs', () => {
    // b = 2, c = 8: P(X ≤ 2) = (1 + 10 + 45)/1024 → p = 112/1024 = 0.109375
    expect(mcnemarExact(2, 8).pValue).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(8, 2).pValue).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(0, 0).pValue).toBe(1);
    expect(mcnemarExact(3, 3).pValue).toBe(1);
  });
});

describe('pass@k and pass^k', () => {
  it('matches the Codex formula 1 − C(n−c,k)/C(n,k) by hand for n = 5, c = 2', () => {
    // Chen et al. 2021 §2.1. C(5,1)=5, C(3,1)=3 → 1 − 3/5 = 0.4 (= c/n)
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    // C(5,2)=10, C(3,2)=3 → 1 − 3/10 = 0.7
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12);
    // C(5,3)=10, C(3,3)=1 → 1 − 1/10 = 0.9
    expect(passAtK(5, 2, 3)).toBeCloseTo(0.9, 12);
    // n − c = 3 < k = 4 → 1
    expect(passAtK(5, 2, 4)).toBe(1);
    expect(passAtK(5, 0, 2)).toBeCloseTo(0, 12);
  });
  it("agrees with the paper's numerically stable product form for large n", () => {
    // Chen et al. 2021, Figure 3: 1 − Π_{i=n−c+1}^{n} (1 − k/i)
    const n = 1000;
    const c = 37;
    const k = 100;
    let prod = 1;
    for (let i = n - c + 1; i <= n; i += 1) prod *= 1 - k / i;
    expect(passAtK(n, c, k)).toBeCloseTo(1 - prod, 10);
    expect(Number.isFinite(logChoose(5000, 2500))).toBe(true);
  });
  it('computes pass^k = C(c,k)/C(n,k)', () => {
    // C(2,2)/C(5,2) = 1/10
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 12);
    // C(4,2)/C(5,2) = 6/10
    expect(passHatK(5, 4, 2)).toBeCloseTo(0.6, 12);
    expect(passHatK(3, 3, 3)).toBe(1);
    expect(passHatK(3, 2, 3)).toBe(0);
  });
});

describe('seeded bootstrap', () => {
  const values = Array.from({ length: 60 }, (_, i) => ((i * 37) % 11) / 10);
  const weights = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));

  it('is identical for the same seed', () => {
    const a = bootstrapMean(values, weights, { seed: 7, resamples: 500 });
    const b = bootstrapMean(values, weights, { seed: 7, resamples: 500 });
    expect(a).toEqual(b);
    expect(createRandom(42)()).toBe(createRandom(42)());
  });

  it('gives close intervals for different seeds, around the weighted mean', () => {
    const a = bootstrapMean(values, weights, { seed: 1, resamples: 2000 });
    const b = bootstrapMean(values, weights, { seed: 2, resamples: 2000 });
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    expect(a.ci).not.toEqual(b.ci);
    expect(Math.abs(a.ci[0] - b.ci[0])).toBeLessThan(0.03);
    expect(Math.abs(a.ci[1] - b.ci[1])).toBeLessThan(0.03);
    expect(a.mean).toBeCloseTo(weightedMean(values, weights) ?? Number.NaN, 12);
    expect(a.ci[0]).toBeLessThan(a.mean);
    expect(a.ci[1]).toBeGreaterThan(a.mean);
  });

  it('derives different seeds for different labels', () => {
    expect(deriveSeed(7, 'a1\u0000judge')).not.toBe(deriveSeed(7, 'a2\u0000judge'));
    expect(deriveSeed(7, 'x')).toBe(deriveSeed(7, 'x'));
  });

  it('paired bootstrap: no difference gives p = 1, a constant shift is significant', () => {
    const same = pairedBootstrap(values, values, undefined, { seed: 3, resamples: 200 });
    expect(same?.meanDiff).toBe(0);
    expect(same?.pValue).toBe(1);
    const shifted = pairedBootstrap(
      values,
      values.map((v) => v - 0.2),
      undefined,
      { seed: 3, resamples: 200 },
    );
    expect(shifted?.meanDiff).toBeCloseTo(-0.2, 12);
    // Every resample equals the observed mean, so no resample is as extreme as 0: p = 1/(B+1).
    expect(shifted?.pValue).toBeCloseTo(1 / 201, 12);
  });
});
