/**
 * Paired bootstrap on per-example differences d = current − baseline (weighted). Returns the
 * weighted mean difference, its percentile CI and a two-sided p-value for H0: mean d = 0 by
 * the shift method: p = (1 + #{|d*ᵦ − d̄| ≥ |d̄|}) / (B + 1).
 */
import { percentileInterval } from './bootstrap.js';
import { weightedMean } from './descriptive.js';
import { MeanResampler, prepareColumn } from './resample-mean.js';

export interface PairedBootstrapResult {
  meanDiff: number;
  ci: [number, number];
  pValue: number;
  n: number;
}

export function pairedBootstrap(
  baseline: readonly number[],
  current: readonly number[],
  weights: readonly number[] | undefined,
  options: { seed: number; resamples: number; confidence?: number },
): PairedBootstrapResult | null {
  const n = Math.min(baseline.length, current.length);
  const diffs = Array.from({ length: n }, (_, i) => (current[i] ?? 0) - (baseline[i] ?? 0));
  const observed = weightedMean(diffs, weights);
  if (observed === null) return null;
  if (n < 2) return { meanDiff: observed, ci: [observed, observed], pValue: 1, n };
  const resampler = new MeanResampler(options.seed);
  const column = prepareColumn(diffs, weights);
  const stats: number[] = [];
  let extreme = 0;
  for (let b = 0; b < options.resamples; b += 1) {
    const s = resampler.mean(column) ?? 0;
    stats.push(s);
    if (Math.abs(s - observed) >= Math.abs(observed) - 1e-12) extreme += 1;
  }
  return {
    meanDiff: observed,
    ci: percentileInterval(stats, options.confidence ?? 0.95),
    pValue: Math.min(1, (1 + extreme) / (options.resamples + 1)),
    n,
  };
}
