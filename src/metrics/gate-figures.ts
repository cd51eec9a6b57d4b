/** How gate messages print figures and p-values (the reports' rounding, so both read the same). */
import { isSmallMeasure, threeSignificant, toFixedDecimal } from './decimal-round.js';
import { formatPValue } from './p-value-text.js';

/** A gate message's figure: 3 decimals as the reports round, small measurements 3 significant digits. */
export function fmt(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  // Small measurements (USD per example) keep three significant digits instead of printing 0.000,
  // below 0.01 as the reports' value rows (QA309: a cost of 0.0012 read `cost = 0.001; required ≤ 0.001`),
  // with their rule (QA312: 1e-7 read `1e-7`, 0.009999 `0.01` beside the reports' `0.0000001`, `0.010`);
  // from 1e-9, so a float-noise change (5.6e-17) reads 0.
  // From 1000 a whole number, and so is what rounds up to 1000 (QA326: 999.9996 read `1000.000`
  // beside 1000.4's `1000`, as the reports' Δ read before QA284).
  const s =
    Math.abs(x) >= 999.9995
      ? toFixedDecimal(x, 0)
      : Math.abs(x) >= 1e-9 && isSmallMeasure(x)
        ? threeSignificant(x)
        : // As the lock stores it (12 significant digits), rounded half away from zero like the
          // reports: 39/80 printed 0.487 here beside 0.488 in the report's column (QA20).
          toFixedDecimal(Number(x.toPrecision(12)), 3);
  // A float-noise difference (−1e-17) prints as 0, not "-0.000"; a negative figure with the minus
  // sign U+2212, as the reports print theirs (QA158: `CI of the change [-0.404, -0.110]` beside the
  // reports' `▼ −0.250`). The bounds stay as the plan writes them (diff-gates.ts reads them back).
  if (Number(s) === 0) return s.replace('-', '');
  return s.startsWith('-') ? `\u2212${s.slice(1)}` : s;
}

/** A p-value in a gate message, printed as the reports print it (p-value-text.ts). */
export function fmtP(p: number, alpha?: number): string {
  return formatPValue(p, alpha);
}
