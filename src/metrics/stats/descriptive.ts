/** Weighted mean, variance and percentiles used by aggregation and tests. */

/** Σ wᵢxᵢ / Σ wᵢ; null when the total weight is 0 or there are no values. */
export function weightedMean(values: readonly number[], weights?: readonly number[]): number | null {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < values.length; i += 1) {
    const w = weights ? (weights[i] ?? 0) : 1;
    sum += w * (values[i] ?? 0);
    total += w;
  }
  return total > 0 ? sum / total : null;
}

export function mean(values: readonly number[]): number | null {
  return weightedMean(values);
}

/**
 * Population standard deviation; exactly 0 when every value is the same (the float mean of
 * 0.1, 0.1, 0.1 is not 0.1, which left 1.9e-17 — QA41).
 */
export function standardDeviation(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null) return null;
  if (values.every((v) => v === values[0])) return 0;
  let s = 0;
  for (const v of values) s += (v - m) ** 2;
  return Math.sqrt(s / values.length);
}

/**
 * Percentile of sorted values with linear interpolation between closest ranks
 * (numpy's default "linear" method): h = (n−1)·q.
 */
export function percentileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (h - lo) * (b - a);
}
