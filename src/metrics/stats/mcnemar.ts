/**
 * Exact McNemar test for paired pass/fail outcomes: under H0 the discordant pairs split
 * Binomial(b + c, ½); two-sided p = min(1, 2 · P(X ≤ min(b, c))) = Σᵢ≤min C(n, i) / 2ⁿ⁻¹.
 *
 * The sum is taken in integers (BigInt) and divided by the power of two once, so p is the exact
 * value rounded once — what scipy.stats.binomtest(min, n).pvalue prints: 5/8 for b=3 c=1, 1/32 for
 * b=6 c=0. Summing the terms in floating point (exp of log-binomials) left 0.6249999999999999 and
 * 0.031250000000000014, so a gate whose `significance` was that p by hand failed on rounding noise
 * (QA71). Past `EXACT_MCNEMAR_MAX_PAIRS` discordant pairs the float sum is used (such p-values
 * are nowhere near a significance level a user writes down).
 */
import { binomialCdf } from './binomial.js';

export interface McNemarResult {
  /** Pairs that passed in the baseline and fail now. */
  b: number;
  /** Pairs that failed in the baseline and pass now. */
  c: number;
  pValue: number;
}

/** Discordant pairs up to which p is summed in integers (C(n, i) has ~n bits). */
export const EXACT_MCNEMAR_MAX_PAIRS = 20000;

export function mcnemarExact(b: number, c: number): McNemarResult {
  const n = b + c;
  if (n === 0) return { b, c, pValue: 1 };
  const k = Math.min(b, c);
  if (2 * k >= n) return { b, c, pValue: 1 };
  if (n > EXACT_MCNEMAR_MAX_PAIRS) return { b, c, pValue: Math.min(1, 2 * binomialCdf(k, n, 0.5)) };
  let term = 1n;
  let sum = 1n;
  for (let i = 1; i <= k; i += 1) {
    term = (term * BigInt(n - i + 1)) / BigInt(i);
    sum += term;
  }
  return { b, c, pValue: Math.min(1, dyadic(sum, n - 1)) };
}

/** sum / 2^e as a double, with sum < 2^e (one rounding while sum fits a double's range). */
function dyadic(sum: bigint, e: number): number {
  const bits = sum.toString(2).length;
  const shift = Math.max(0, bits - 1000);
  const top = Number(shift > 0 ? sum >> BigInt(shift) : sum);
  const rest = e - shift;
  // 2^-rest in two factors: a single Math.pow(2, -rest) underflows to 0 past 2^-1074.
  const half = Math.floor(rest / 2);
  return top * 2 ** -half * 2 ** -(rest - half);
}

export function countDiscordant(
  baseline: readonly boolean[],
  current: readonly boolean[],
  weights?: readonly number[],
): { b: number; c: number } {
  let b = 0;
  let c = 0;
  for (let i = 0; i < Math.min(baseline.length, current.length); i += 1) {
    if (weights && !((weights[i] ?? 0) > 0)) continue;
    if (baseline[i] && !current[i]) b += 1;
    if (!baseline[i] && current[i]) c += 1;
  }
  return { b, c };
}

/**
 * Whether exact McNemar tests these pairs: every score is 0 or 1 and every pair of positive weight
 * weighs the same, so the weighted mean change is (c − b) times that weight and the binomial counts
 * are its test (QA266).
 * With unequal weights the counts are not the change: two tasks weighted 3 : 1, one pass → fail in
 * the heavy one and eight fail → pass in the light one, read p = 0.039 (a significant improvement)
 * where the weighted mean moved +0.0099 and the weighted sign-flip test gives p = 1; such pairs take
 * that test. At equal weights the two agree (b=3 c=1: 0.625 from both). Relative tolerance 1e-12:
 * equal shares computed along two paths (3/4 · 1/4 and 3/16) may differ in the last bit.
 */
export function mcnemarApplies(
  baseline: readonly number[],
  current: readonly number[],
  weights: readonly number[] | undefined,
): boolean {
  if (![...baseline, ...current].every((x) => x === 0 || x === 1)) return false;
  if (!weights) return true;
  let first: number | undefined;
  for (const w of weights) {
    if (!(w > 0)) continue;
    if (first === undefined) first = w;
    else if (Math.abs(w - first) > 1e-12 * Math.max(w, first)) return false;
  }
  return true;
}
