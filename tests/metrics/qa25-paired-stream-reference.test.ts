/**
 * QA25 (mutation audit): the paired bootstrap CI and the Monte Carlo sign-flip p-value of a
 * regression gate, against plain reference loops written out here from their documented streams
 * (one extra resample or one extra 32-bit draw changed them, and no test noticed).
 *
 * - paired bootstrap: B resamples, each the weighted mean of n pairs drawn with
 *   `randomIndex(createRandom(seed), n)`; CI = numpy-"linear" percentiles 2.5 % / 97.5 %.
 * - Monte Carlo sign-flip: B patterns; pair i takes the sign of bit (i mod 32) of the
 *   ⌊i / 32⌋-th 32-bit draw `(random() · 2³²) >>> 0` of that pattern (1: +, 0: −);
 *   p = (1 + #{|T| ≥ |T_obs|}) / (B + 1) (scipy.stats.permutation_test's Monte Carlo p).
 */
import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { createRandom, deriveSeed, randomIndex } from '../../src/metrics/stats/prng.js';
import { monteCarloSignFlipPValue } from '../../src/metrics/stats/sign-flip.js';

/** numpy.percentile(method='linear'): h = (n − 1)·q, interpolate between ⌊h⌋ and ⌈h⌉. */
function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  const a = s[lo] as number;
  const b = s[Math.ceil(h)] as number;
  return a + (h - lo) * (b - a);
}

function referenceMonteCarloP(diffs: number[], resamples: number, seed: number): number {
  const observed = Math.abs(diffs.reduce((k, d) => k + d, 0) / diffs.length);
  const random = createRandom(seed);
  let extreme = 0;
  for (let b = 0; b < resamples; b += 1) {
    let bits = 0;
    let s = 0;
    diffs.forEach((d, i) => {
      if (i % 32 === 0) bits = (random() * 4294967296) >>> 0;
      s += (bits >>> (i % 32)) & 1 ? d : -d;
    });
    if (Math.abs(s / diffs.length) >= observed) extreme += 1;
  }
  return (1 + extreme) / (resamples + 1);
}

describe('paired bootstrap CI against the plain loop', () => {
  it('draws exactly B resamples of the differences, weights applied', () => {
    const baseline = [0.9, 0.8, 0.7, 0.6, 0.95, 0.85];
    const current = [0.7, 0.8, 0.5, 0.65, 0.6, 0.8];
    const weights = [1, 2, 1, 0.5, 1, 3];
    const B = 7;
    const diffs = current.map((c, i) => c - (baseline[i] as number));
    const random = createRandom(11);
    const stats: number[] = [];
    for (let b = 0; b < B; b += 1) {
      let sum = 0;
      let total = 0;
      for (let i = 0; i < diffs.length; i += 1) {
        const j = randomIndex(random, diffs.length);
        sum += (weights[j] as number) * (diffs[j] as number);
        total += weights[j] as number;
      }
      stats.push(sum / total);
    }
    const r = pairedBootstrap(baseline, current, weights, { seed: 11, resamples: B });
    expect(r?.ci[0]).toBe(percentile(stats, 0.025));
    expect(r?.ci[1]).toBe(percentile(stats, 0.975));
    // Σ w·d / Σ w = (−0.2 + 0 − 0.2 + 0.025 − 0.35 − 0.15) / 8.5 = −0.875 / 8.5 = −0.10294…
    expect(r?.meanDiff).toBeCloseTo(-0.875 / 8.5, 12);
  });
});

describe('Monte Carlo sign-flip p against the plain loop', () => {
  // 32 pairs: 8 blocks of 4, so the block loop's bound and the second draw both matter; integer
  // differences keep every sum exact, so the reference compares |T| without a tolerance.
  const diffs32 = Array.from({ length: 32 }, (_, i) => (i % 3 === 0 ? -(i % 5) - 1 : (i % 7) + 1));
  const diffs40 = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? -2 : 1));

  it('counts B patterns, one 32-bit draw per 32 pairs', () => {
    for (const [diffs, B, seed] of [
      [diffs32, 300, 5],
      [diffs40, 250, 8],
    ] as const) {
      const expected = referenceMonteCarloP([...diffs], B, seed);
      expect(monteCarloSignFlipPValue(diffs, undefined, B, seed)).toBe(expected);
    }
  });

  it('stops after exactly B patterns, for every B from 1 to 40', () => {
    // About a quarter of diffs40's patterns are extreme, so some pattern B + 1 is: counting it
    // would change (1 + #extreme) / (B + 1) for that B.
    for (let B = 1; B <= 40; B += 1) {
      expect(monteCarloSignFlipPValue(diffs40, undefined, B, 8)).toBe(referenceMonteCarloP(diffs40, B, 8));
    }
  });

  it('is the p of a regression gate with more changed pairs than an exact test covers', () => {
    const baseline = diffs40.map(() => 5);
    const current = diffs40.map((d) => 5 + d);
    const r = pairedBootstrap(baseline, current, undefined, { seed: 21, resamples: 200 });
    expect(r?.exact).toBe(false);
    expect(r?.pValue).toBe(referenceMonteCarloP(diffs40, 200, deriveSeed(21, 'sign-flip')));
  });
});
