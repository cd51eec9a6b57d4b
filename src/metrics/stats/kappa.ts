/** Cohen's κ for two raters over categorical labels: (pₒ − pₑ) / (1 − pₑ). */

export interface KappaResult {
  kappa: number | null;
  observedAgreement: number;
  expectedAgreement: number;
  n: number;
}

export function cohensKappa(a: readonly (string | number)[], b: readonly (string | number)[]): KappaResult {
  const n = Math.min(a.length, b.length);
  if (n === 0) return { kappa: null, observedAgreement: 0, expectedAgreement: 0, n };
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let agree = 0;
  for (let i = 0; i < n; i += 1) {
    const x = String(a[i]);
    const y = String(b[i]);
    if (x === y) agree += 1;
    countA.set(x, (countA.get(x) ?? 0) + 1);
    countB.set(y, (countB.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, ca] of countA) pe += (ca / n) * ((countB.get(label) ?? 0) / n);
  const kappa = pe === 1 ? (po === 1 ? 1 : null) : (po - pe) / (1 - pe);
  return { kappa, observedAgreement: po, expectedAgreement: pe, n };
}
