/**
 * A power of two to scale a column of measurements by before its weighted means are summed, so
 * that no sum overflows: an absolute error of 1.7976931348623157e308 drawn twice in a bootstrap
 * resample summed to Infinity, which the lock wrote as a `null` CI bound and report.md then
 * crashed on (QA175). 1 for every column whose sums stay far below a double's range (all but such
 * extremes), so ordinary figures are computed exactly as before; scaling by a power of two and
 * back is exact (bar values that shrink below 2^-1022, negligible beside those that needed it).
 */

/** Sums of products of this many bits stay finite (2^1023 is the largest power of two). */
const HEADROOM_BITS = 1000;

/**
 * The scale for values `xs` summed with weights: `spread` bounds how many times the largest
 * |value| a sum can reach (draws × largest example weight, Σ dataset weights, Σ task weights).
 */
export function overflowScale(largestAbs: number, spread: number): number {
  if (!(largestAbs > 0) || !Number.isFinite(largestAbs)) return 1;
  const bits = Math.log2(largestAbs) + Math.log2(Math.max(1, spread));
  if (bits <= HEADROOM_BITS) return 1;
  const k = Math.ceil(bits - HEADROOM_BITS);
  // 2^-k for k up to 1074 (weights and values both near a double's range) without underflowing.
  return k > 1000 ? 2 ** -1000 * 2 ** -(k - 1000) : 2 ** -k;
}

/**
 * Weights scaled by one power of two so that their sum, and n draws of the largest, stay finite:
 * examples of `weight: 1e308` summed to Infinity, and the dataset's mean was 0 (Σ w·x / ∞) with a
 * CI that did not hold it (QA175). A weighted mean is the same for weights scaled alike; the
 * weights are returned as they are when nothing could overflow.
 */
export function finiteWeights(weights: readonly number[]): readonly number[] {
  let largest = 0;
  for (const w of weights) largest = Math.max(largest, w);
  const scale = overflowScale(largest, weights.length);
  return scale === 1 ? weights : weights.map((w) => w * scale);
}

/** Dataset or task weights near a double's range scaled alike, so their sums stay finite (QA175). */
export function withFiniteWeights<T extends { weight: number }>(nodes: T[]): T[] {
  const weights = finiteWeights(nodes.map((n) => n.weight));
  return nodes.every((n, i) => n.weight === weights[i])
    ? nodes
    : nodes.map((n, i) => ({ ...n, weight: weights[i] as number }));
}
