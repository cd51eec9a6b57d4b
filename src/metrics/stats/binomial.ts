/**
 * Binomial coefficients in log space (exact enough for n in the thousands) and the pass@k /
 * pass^k estimators.
 */

const logFactorialCache: number[] = [0];

/** ln(n!) by summation, cached. */
export function logFactorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) return Number.NaN;
  for (let i = logFactorialCache.length; i <= n; i += 1) {
    logFactorialCache[i] = (logFactorialCache[i - 1] ?? 0) + Math.log(i);
  }
  return logFactorialCache[n] ?? Number.NaN;
}

/** ln C(n, k); -Infinity when k < 0 or k > n. */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return Number.NEGATIVE_INFINITY;
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Unbiased pass@k (Chen et al. 2021, "Evaluating Large Language Models Trained on Code", §2.1):
 * 1 − C(n−c, k) / C(n, k) for n samples of which c pass. Requires 1 ≤ k ≤ n.
 */
export function passAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  return 1 - Math.exp(logChoose(n - c, k) - logChoose(n, k));
}

/**
 * pass^k (Yao et al. 2024, τ-bench): the chance that k repeats drawn without replacement all
 * pass, C(c, k) / C(n, k). Requires 1 ≤ k ≤ n.
 */
export function passHatK(n: number, c: number, k: number): number {
  if (c < k) return 0;
  return Math.exp(logChoose(c, k) - logChoose(n, k));
}

/** P(X ≤ x) for X ~ Binomial(n, p). */
export function binomialCdf(x: number, n: number, p: number): number {
  let total = 0;
  for (let i = 0; i <= Math.min(x, n); i += 1) {
    total += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log(1 - p));
  }
  return Math.min(1, total);
}
