/**
 * Paired test on per-example differences d = current − baseline (weighted). Returns the
 * weighted mean difference, its percentile bootstrap CI and a two-sided p-value for H0: mean d = 0.
 *
 * p: by the bootstrap's shift method, p = (1 + #{|d*ᵦ − d̄| ≥ |d̄|}) / (B + 1) — except when the
 * resample budget covers every sign pattern of the pairs (2ⁿ ≤ B: n ≤ 9 at B = 1000), where the
 * p-value is the exact sign-flip test's (sign-flip.ts; scipy.stats.permutation_test with
 * permutation_type='samples'). With so few pairs the bootstrap has a handful of distinct
 * resamples and no estimate of the null: two examples that both dropped gave p = 1/(B + 1),
 * "significant", where every exact paired test (sign-flip, Wilcoxon) gives 0.5.
 *
 * Pairs with weight 0 are left out of the resampling (they are not in the weighted mean; drawing
 * them only shrank the resamples' effective size and, when a resample drew nothing else, added a
 * spurious 0).
 */
import { percentileInterval } from './bootstrap.js';
import { weightedMean } from './descriptive.js';
import { MeanResampler, prepareColumn } from './resample-mean.js';
import { exactSignFlipPValue, shouldUseExactSignFlip } from './sign-flip.js';

export interface PairedBootstrapResult {
  meanDiff: number;
  ci: [number, number];
  pValue: number;
  n: number;
  /** True when pValue is the exact sign-flip test's (few pairs), false for the bootstrap's. */
  exact: boolean;
}

export function pairedBootstrap(
  baseline: readonly number[],
  current: readonly number[],
  weights: readonly number[] | undefined,
  options: { seed: number; resamples: number; confidence?: number },
): PairedBootstrapResult | null {
  const n = Math.min(baseline.length, current.length);
  const allDiffs = Array.from({ length: n }, (_, i) => (current[i] ?? 0) - (baseline[i] ?? 0));
  const observed = weightedMean(allDiffs, weights);
  if (observed === null) return null;
  const diffs: number[] = [];
  const kept: number[] | undefined = weights ? [] : undefined;
  for (let i = 0; i < n; i += 1) {
    const w = weights ? (weights[i] ?? 0) : 1;
    if (!(w > 0)) continue;
    diffs.push(allDiffs[i] as number);
    kept?.push(w);
  }
  if (diffs.length < 2) return { meanDiff: observed, ci: [observed, observed], pValue: 1, n, exact: true };
  const resampler = new MeanResampler(options.seed);
  const column = prepareColumn(diffs, kept);
  const stats: number[] = [];
  let extreme = 0;
  for (let b = 0; b < options.resamples; b += 1) {
    const s = resampler.mean(column) ?? observed;
    stats.push(s);
    if (Math.abs(s - observed) >= Math.abs(observed) - 1e-12) extreme += 1;
  }
  const exact = shouldUseExactSignFlip(diffs.length, options.resamples);
  return {
    meanDiff: observed,
    ci: percentileInterval(stats, options.confidence ?? 0.95),
    pValue: exact ? exactSignFlipPValue(diffs, kept) : Math.min(1, (1 + extreme) / (options.resamples + 1)),
    n,
    exact,
  };
}
