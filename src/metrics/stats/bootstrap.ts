/**
 * Percentile bootstrap confidence intervals, deterministic for a seed.
 *
 * Weighted: examples are resampled uniformly with replacement and each resample's statistic is
 * the weighted mean of the drawn examples with their own weights (so the CI is around the same
 * weighted mean the report shows); examples of weight 0 are not drawn (they are not in the mean). The resampling loop is resample-mean.ts. Quantiles use linear interpolation (`percentileSorted`).
 */
import { percentileSorted, weightedMean } from './descriptive.js';
import { MeanResampler, prepareColumn } from './resample-mean.js';

export interface BootstrapOptions {
  seed: number;
  /** Number of resamples (plan `run.bootstrap`, default 1000). */
  resamples: number;
  /** Confidence level, default 0.95. */
  confidence?: number;
}

export interface Estimate {
  mean: number;
  /** Percentile CI [low, high]; equal to [mean, mean] for fewer than 2 observations. */
  ci: [number, number];
  n: number;
}

export function bootstrapMean(
  values: readonly number[],
  weights: readonly number[] | undefined,
  options: BootstrapOptions,
): Estimate | null {
  const m = weightedMean(values, weights);
  if (m === null) return null;
  const n = values.length;
  // Examples of weight 0 are not in the mean, so they are not resampling units (aggregate.ts).
  const kept = values.flatMap((_, i) => (!weights || (weights[i] ?? 0) > 0 ? [i] : []));
  const xs = kept.map((i) => values[i] as number);
  const ws = weights ? kept.map((i) => weights[i] as number) : undefined;
  if (xs.length < 2) return { mean: m, ci: [m, m], n };
  const resampler = new MeanResampler(options.seed);
  const column = prepareColumn(xs, ws);
  const stats: number[] = [];
  for (let b = 0; b < options.resamples; b += 1) {
    const s = resampler.mean(column);
    if (s !== null) stats.push(s);
  }
  return { mean: m, ci: percentileInterval(stats, options.confidence ?? 0.95), n };
}

/** The central interval of a bootstrap distribution. */
export function percentileInterval(stats: number[], confidence: number): [number, number] {
  const sorted = [...stats].sort((a, b) => a - b);
  const alpha = (1 - confidence) / 2;
  return [percentileSorted(sorted, alpha), percentileSorted(sorted, 1 - alpha)];
}
