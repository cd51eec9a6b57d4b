/** Pearson r, Spearman ρ (Pearson on average ranks, so ties are handled) and ranking. */

/** Pearson product-moment correlation; null when n < 2 or a variable is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  // A constant series has no correlation (scipy: NaN). Its float mean is not always its value
  // ([0.8, 0.8, 0.8] → 0.8000000000000002), so the spread below would be rounding noise (QA64).
  if (isConstant(xs, n) || isConstant(ys, n)) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i += 1) {
    mx += xs[i] ?? 0;
    my += ys[i] ?? 0;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

function isConstant(values: readonly number[], n: number): boolean {
  for (let i = 1; i < n; i += 1) if (values[i] !== values[0]) return false;
  return true;
}

/** 1-based ranks; tied values share the average of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v || a.i - b.i);
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.v === order[start]?.v) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let j = start; j <= end; j += 1) ranks[order[j]?.i ?? 0] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's rank correlation: Pearson r of the average ranks. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  return pearson(averageRanks(xs.slice(0, n)), averageRanks(ys.slice(0, n)));
}
