/**
 * A p-value as every output prints it — a regression gate's message (stderr, report.md's gates,
 * junit.xml), the deltas tables of report.md and report.html and `evalc diff`'s text and Markdown.
 * They printed one p three ways (QA184): `p = 5.96e-8` and `p = 1.0000` in the gate beside `<0.001`
 * and `1.000` in the tables, and at α = 0.001 the tables' `0.000`.
 *
 * Three decimals (rounded as the reports round, decimal-round.ts); below 0.001 `< 0.001`, or, when
 * α is 0.001 or smaller, `<` the largest power of ten below α (`< 0.0001` at α = 0.001) and
 * p's own digits above it (`0.0002`), so a p is never shown on the wrong side of α; and a p within
 * rounding of α with as many more decimals as it takes to read on its side (`0.04998` at α = 0.05,
 * QA71: it read `0.050`, as if p = α failed). Each place follows its own α (a gate its `significance`,
 * the tables and `diff` the run's or `--significance`), so one p may read `< 0.0001` in a gate at
 * α = 0.001 beside `< 0.001` in the tables at 0.05: both on the right side of their α. `< ` with its
 * space everywhere (QA201: the tables and `diff` printed `<0.0001` beside the gate's `p < 0.0001`).
 */
import { toFixedDecimal } from './decimal-round.js';

const MAX_DECIMALS = 12;

export function formatPValue(p: number, alpha?: number): string {
  const floorDecimals = alpha !== undefined && alpha > 0 && alpha <= 0.001 ? decimalsBelow(alpha) : 3;
  const floor = powerOfTen(floorDecimals);
  if (p < floor) return `< ${toFixedDecimal(floor, floorDecimals)}`;
  let digits = p >= 0.001 ? 3 : firstSignificantDecimal(p);
  let text = toFixedDecimal(p, digits);
  if (alpha === undefined) return text;
  while (digits < MAX_DECIMALS && Number(text) < alpha !== p < alpha) {
    digits += 1;
    text = toFixedDecimal(p, digits);
  }
  return text;
}

/** `= 0.034`, or `< 0.001` as formatPValue printed it: a gate's and `evalc diff`'s `p = 0.034` (QA212: diff read `p 0.034`). */
export function pClause(text: string): string {
  return text.startsWith('<') || text === '—' ? text : `= ${text}`;
}

/** Decimals of the largest power of ten below `alpha` (0.001 → 4, 0.0005 → 4), at most 12. */
function decimalsBelow(alpha: number): number {
  let decimals = 3;
  while (decimals < MAX_DECIMALS && powerOfTen(decimals) >= alpha) decimals += 1;
  return decimals;
}

/** The decimal place of `p`'s first significant digit (0.0002 → 4). */
function firstSignificantDecimal(p: number): number {
  let decimals = 3;
  while (decimals < MAX_DECIMALS && p < powerOfTen(decimals)) decimals += 1;
  return decimals;
}

/** 10^−decimals as its literal reads (`10 ** -5` is a hair below 1e-5). */
function powerOfTen(decimals: number): number {
  return Number(`1e-${decimals}`);
}

/** run.bootstrap's largest value (plan schema). */
const MAX_RESAMPLES = 100000;

/**
 * Why a Monte Carlo sign-flip p cannot reach α, when it cannot: it is (1 + extreme) / (B + 1), never
 * below 1/(B + 1), so at an α at or below that floor no such test is significant, however far its
 * pairs moved (QA262: `significance: 0.0005` at `run.bootstrap: 1000`, a drop with exact p < 1e-20
 * read `p = 0.0010 … not significant`). Says which run.bootstrap lets a p reach α; undefined when one can.
 */
export function monteCarloFloorClause(alpha: number, resamples: number): string | undefined {
  const floor = 1 / (resamples + 1);
  if (floor < alpha) return undefined;
  let needed = Math.floor(1 / alpha);
  if (!(1 / (needed + 1) < alpha)) needed += 1;
  const remedy =
    needed <= MAX_RESAMPLES
      ? `run.bootstrap: ${needed} or more lets one reach it`
      : `no run.bootstrap (at most ${MAX_RESAMPLES}) lets one reach it`;
  return `a Monte Carlo p is never below 1/(B + 1) = ${formatPValue(floor, alpha)} (run.bootstrap ${resamples}), not below α = ${alpha}; ${remedy}`;
}
