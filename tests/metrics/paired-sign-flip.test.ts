/**
 * The paired test's p-value (regression gates, `evalc diff`) is the paired sign-flip test's, checked
 * against scipy 1.17: `scipy.stats.permutation_test((d,), np.mean, permutation_type='samples',
 * n_resamples=np.inf)` (exact) on the same differences d. Pairs that did not change are left out
 * (they add 0 under every sign), so a diff where few examples moved is exact; past 2ⁿ > B the
 * test is Monte Carlo over B patterns and lands within its sampling error of the exact value.
 */
import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { monteCarloSignFlipPValue } from '../../src/metrics/stats/sign-flip.js';

// scipy exact p-values (printed with 4 decimals) for these differences:
const D12 = [-0.3, -0.2, -0.1, 0.05, -0.4, -0.1, -0.2, 0.1, -0.3, -0.05, -0.15, 0.02]; // 0.0137
const D16 = [-0.5, 0, -0.5, 0, 0, -0.5, -0.5, 0, 0.5, -0.5, 0, -0.5, 0, -0.5, 0, 0]; // 0.0703
const D20 = [
  0.1, -0.2, 0.3, -0.1, -0.25, -0.3, 0.05, -0.2, -0.1, -0.15, -0.05, 0.2, -0.3, -0.1, 0.1, -0.2, -0.05, -0.15,
  0.1, -0.2,
]; // 0.0702

const test = (d: number[], resamples = 1000) =>
  pairedBootstrap(
    d.map(() => 0.5),
    d.map((x) => 0.5 + x),
    undefined,
    { seed: 7, resamples },
  );

describe('paired sign-flip p-value', () => {
  it('is exact, as scipy, when the changed pairs are few enough (2ⁿ ≤ B)', () => {
    // D16 has 8 changed pairs: exact at B = 1000 although n = 16.
    expect(test(D16)).toMatchObject({ exact: true, n: 16 });
    expect(test(D16)?.pValue.toFixed(4)).toBe('0.0703');
    // D12: 12 changed pairs, exact at B = 4096 (2¹² patterns).
    expect(test(D12, 4096)?.pValue.toFixed(4)).toBe('0.0137');
  });

  it('ignores pairs that did not change: 40 more unchanged examples give the same p', () => {
    const padded = [...D16, ...Array.from({ length: 40 }, () => 0)];
    expect(test(padded)?.pValue).toBe(test(D16)?.pValue);
    // Two of 50 examples dropped: p = 2/4 whatever the others.
    const two = [-0.2, -0.2, ...Array.from({ length: 48 }, () => 0)];
    expect(test(two)?.pValue).toBe(0.5);
  });

  it('by Monte Carlo past 2ⁿ > B, within its sampling error of the exact value', () => {
    const r = test(D20);
    expect(r?.exact).toBe(false);
    // B = 1000 at p ≈ 0.07: standard error ≈ 0.008.
    expect(Math.abs((r?.pValue ?? 0) - 0.0702)).toBeLessThan(0.03);
    expect(Math.abs(monteCarloSignFlipPValue(D20, undefined, 20000, 3) - 0.0702)).toBeLessThan(0.008);
    // Never 0: (1 + extreme) / (B + 1).
    expect(
      monteCarloSignFlipPValue([-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1], undefined, 100, 1),
    ).toBe(1 / 101);
  });

  it('is 1 when nothing changed', () => {
    expect(test([0, 0, 0, 0])?.pValue).toBe(1);
  });
});
