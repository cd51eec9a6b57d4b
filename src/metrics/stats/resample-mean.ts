/**
 * The inner loop of every bootstrap here: one resample of a weighted mean, drawing n indices
 * uniformly with replacement from a mulberry32 stream (prng.ts). It is an exact, faster stand-in
 * for
 *
 *     for (i < n) { j = randomIndex(random, n); sum += w[j] * x[j]; total += w[j]; }
 *     mean = total > 0 ? sum / total : null
 *
 * — same stream, same draws, same floating-point operations in the same order, so the same
 * bits — with the generator inlined and the column prepared once per bootstrap:
 *
 * - `fixed`: every (x, w) pair is identical, so every resample adds the same numbers in the same
 *   order and has the same mean: it is computed once, and a resample only advances the stream by
 *   n (mulberry32's state is a counter: n steps add n × the increment).
 *   Also fixed: every x is 0 (or every x is 1) and every weight is positive and finite, with
 *   n × the largest weight finite: Σ w·0 = 0 over Σ w > 0, and Σ w·1 adds exactly the numbers Σ w
 *   adds, in the same order, so every resample's mean is exactly 0 (or 1).
 * - `binary`: unit weights and x ∈ {0, 1}: Σ 1·x is the count of ones (exact in a double) and
 *   Σ 1 is n; the values sit in a Uint8Array (8× less memory to hit at random).
 * - `unit`: unit weights: 1·x = x exactly and Σ 1 = n.
 * - `weighted`: w·x precomputed per example (the same product the loop would form).
 */
import { MULBERRY32_INCREMENT } from './prng.js';

export type ResampleColumn =
  | { kind: 'fixed'; n: number; mean: number | null }
  | { kind: 'binary'; n: number; bits: Uint8Array }
  | { kind: 'unit'; n: number; xs: Float64Array }
  | { kind: 'weighted'; n: number; wx: Float64Array; ws: Float64Array };

/**
 * Prepares n values with their weights (`undefined`: every weight is 1). A missing weight
 * (`weights[i]` undefined) counts as 0, like `weightedMean`.
 */
export function prepareColumn(values: readonly number[], weights?: readonly number[]): ResampleColumn {
  const n = values.length;
  const weightAt = (i: number): number => (weights ? (weights[i] ?? 0) : 1);
  let identical = true;
  let unitWeights = true;
  let binary = true;
  let sameX = true;
  let maxWeight = 0;
  let positiveWeights = true;
  const x0 = values[0] ?? 0;
  const w0 = weightAt(0);
  for (let i = 0; i < n; i += 1) {
    const x = values[i] ?? 0;
    const w = weightAt(i);
    if (identical && !(Object.is(x, x0) && Object.is(w, w0))) identical = false;
    if (w !== 1) unitWeights = false;
    if (x !== 0 && x !== 1) binary = false;
    if (!Object.is(x, x0)) sameX = false;
    if (!(w > 0 && w < Number.POSITIVE_INFINITY)) positiveWeights = false;
    else if (w > maxWeight) maxWeight = w;
  }
  if (sameX && (Object.is(x0, 0) || x0 === 1) && positiveWeights && n * maxWeight < Number.MAX_VALUE / 2) {
    return { kind: 'fixed', n, mean: n > 0 ? x0 : null };
  }
  if (identical) {
    let sum = 0;
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      sum += w0 * x0;
      total += w0;
    }
    return { kind: 'fixed', n, mean: total > 0 ? sum / total : null };
  }
  if (unitWeights && binary) {
    const bits = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) bits[i] = values[i] === 1 ? 1 : 0;
    return { kind: 'binary', n, bits };
  }
  if (unitWeights) return { kind: 'unit', n, xs: Float64Array.from(values, (x) => x ?? 0) };
  const wx = new Float64Array(n);
  const ws = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const w = weightAt(i);
    ws[i] = w;
    wx[i] = w * (values[i] ?? 0);
  }
  return { kind: 'weighted', n, wx, ws };
}

/** mulberry32's output for `state` (already advanced), scaled to an index in [0, n). */
function indexAt(state: number, n: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
}

/** A mulberry32 stream (the same numbers as `createRandom(seed)`) that draws resample means. */
export class MeanResampler {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** One resample of the column's weighted mean (null when the drawn weights sum to 0). */
  mean(column: ResampleColumn): number | null {
    switch (column.kind) {
      case 'fixed':
        this.#state = (this.#state + Math.imul(column.n, MULBERRY32_INCREMENT)) >>> 0;
        return column.mean;
      case 'binary':
        return this.#binary(column.bits, column.n);
      case 'unit':
        return this.#unit(column.xs, column.n);
      case 'weighted':
        return this.#weighted(column.wx, column.ws, column.n);
    }
  }

  #binary(bits: Uint8Array, n: number): number {
    let state = this.#state;
    let count = 0;
    for (let i = 0; i < n; i += 1) {
      state = (state + MULBERRY32_INCREMENT) >>> 0;
      const j = indexAt(state, n);
      count += bits[j] as number;
    }
    this.#state = state;
    return count / n;
  }

  #unit(xs: Float64Array, n: number): number {
    let state = this.#state;
    let sum = 0;
    for (let i = 0; i < n; i += 1) {
      state = (state + MULBERRY32_INCREMENT) >>> 0;
      const j = indexAt(state, n);
      sum += xs[j] as number;
    }
    this.#state = state;
    return sum / n;
  }

  #weighted(wx: Float64Array, ws: Float64Array, n: number): number | null {
    let state = this.#state;
    let sum = 0;
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      state = (state + MULBERRY32_INCREMENT) >>> 0;
      const j = indexAt(state, n);
      sum += wx[j] as number;
      total += ws[j] as number;
    }
    this.#state = state;
    return total > 0 ? sum / total : null;
  }
}
