/**
 * Paired test on per-example differences d = current − baseline (weighted). Returns the
 * weighted mean difference, its percentile bootstrap CI and a two-sided p-value for H0: mean d = 0.
 *
 * p: the paired sign-flip (permutation) test's, as scipy.stats.permutation_test with
 * permutation_type='samples' and n_resamples = B computes it (sign-flip.ts): exact when B covers
 * every sign pattern of the pairs (2ⁿ ≤ B: n ≤ 9 at B = 1000), else by Monte Carlo over B patterns.
 * The bootstrap's shift-method p (1 + #{|d*ᵦ − d̄| ≥ |d̄|}) / (B + 1) was used before: it has no
 * null distribution to stand on at few pairs (two examples that both dropped gave p = 1/(B + 1),
 * "significant", where every exact paired test gives 0.5) and stayed too small up to ~30 pairs
 * (n = 12: 0.026 where the exact test gives 0.068). Pairs that did not change are left out of the
 * test (they add 0 under every sign), so "exact" counts the changed pairs.
 *
 * Pairs with weight 0 are left out of the resampling (they are not in the weighted mean; drawing
 * them only shrank the resamples' effective size and, when a resample drew nothing else, added a
 * spurious 0).
 */
import { percentileInterval } from './bootstrap.js';
import { weightedMean } from './descriptive.js';
import { deriveSeed } from './prng.js';
import { MeanResampler, prepareColumn } from './resample-mean.js';
import { exactSignFlipPValue, monteCarloSignFlipPValue, shouldUseExactSignFlip } from './sign-flip.js';

export interface PairedBootstrapResult {
  meanDiff: number;
  ci: [number, number];
  pValue: number;
  n: number;
  /** True when pValue is the exact sign-flip test's (few pairs), false for its Monte Carlo estimate. */
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
  for (let b = 0; b < options.resamples; b += 1) stats.push(resampler.mean(column) ?? observed);
  // A pair that did not change adds 0 whatever its sign: the test runs on the changed pairs (the
  // statistic only loses a constant factor), so a diff where 3 of 60 examples moved is exact.
  const changed: number[] = [];
  const changedWeights: number[] | undefined = kept ? [] : undefined;
  for (let i = 0; i < diffs.length; i += 1) {
    if (diffs[i] === 0) continue;
    changed.push(diffs[i] as number);
    changedWeights?.push(kept?.[i] as number);
  }
  const exact = changed.length === 0 || shouldUseExactSignFlip(changed.length, options.resamples);
  return {
    meanDiff: observed,
    ci: percentileInterval(stats, options.confidence ?? 0.95),
    pValue:
      changed.length === 0
        ? 1
        : exact
          ? exactSignFlipPValue(changed, changedWeights)
          : monteCarloSignFlipPValue(
              changed,
              changedWeights,
              options.resamples,
              deriveSeed(options.seed, 'sign-flip'),
            ),
    n,
    exact,
  };
}
