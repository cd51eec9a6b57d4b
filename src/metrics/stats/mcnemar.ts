/**
 * Exact McNemar test for paired pass/fail outcomes: under H0 the discordant pairs split
 * Binomial(b + c, ½); two-sided p = min(1, 2 · P(X ≤ min(b, c))).
 */
import { binomialCdf } from './binomial.js';

export interface McNemarResult {
  /** Pairs that passed in the baseline and fail now. */
  b: number;
  /** Pairs that failed in the baseline and pass now. */
  c: number;
  pValue: number;
}

export function mcnemarExact(b: number, c: number): McNemarResult {
  const n = b + c;
  if (n === 0) return { b, c, pValue: 1 };
  return { b, c, pValue: Math.min(1, 2 * binomialCdf(Math.min(b, c), n, 0.5)) };
}

/**
 * Counts discordant pairs from paired booleans (baseline, current). With `weights`, pairs of
 * weight 0 are left out, as the sign-flip test leaves them out: they are in no mean, so their
 * flips cannot be evidence of the change the gate measures (QA37: an example of weight 0, or one
 * in a dataset of weight 0, made "b=5 c=1, p = 0.22" of what was b=3 c=1, p = 0.63).
 */
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
