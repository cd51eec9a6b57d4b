/** Decimal rounding for printed figures, shared by gate messages and the report renderers. */

/**
 * `toFixed` that rounds the number as the lockfile and report.json print it, half away from
 * zero: 0.4875 → "0.488", as a reader rounding the JSON value by hand (and the gate message) gets.
 * `toFixed` rounds the binary double, 0.48749999…, to "0.487". Exponent forms fall back to it.
 */
export function toFixedDecimal(x: number, digits: number): string {
  const text = String(Math.abs(x));
  if (!Number.isFinite(x) || text.includes('e')) return x.toFixed(digits);
  const scaled = String(Math.round(Number(`${text}e${digits}`)));
  if (scaled.includes('e')) return x.toFixed(digits);
  const padded = scaled.padStart(digits + 1, '0');
  const whole = digits === 0 ? padded : `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return x < 0 ? `-${whole}` : whole;
}

/**
 * Three significant digits of a figure below 1, as a decimal: `0.000056`, and `0.000000123` where
 * String() writes `1.23e-7` (QA279: a cost below $0.000001 per example read so).
 */
export function threeSignificant(x: number): string {
  const rounded = Number(x.toPrecision(3));
  const text = String(rounded);
  if (!text.includes('e-')) return text;
  const decimals = 2 - Math.floor(Math.log10(Math.abs(rounded)));
  return decimals > 100 ? text : rounded.toFixed(decimals).replace(/0+$/, '');
}

/**
 * Whether a measurement prints in three significant digits (`0.0004`) rather than three decimals:
 * not 0, and below 0.01 once so rounded, so 0.009999 prints as 0.01 does, `0.010` (QA312). The
 * reports' value rows and the gate messages share it.
 */
export function isSmallMeasure(x: number): boolean {
  return x !== 0 && Number.isFinite(x) && Math.abs(Number(x.toPrecision(3))) < 0.01;
}

/**
 * A figure as evalc.lock records it (12 significant digits, integers as they are): what gates
 * compare with their bounds. The float a weighted mean leaves can sit a hair below the decimal
 * the lock and the reports print — datasets of means 0 and 0.6 weighing 1 and 2 give
 * (0·1 + 0.6·2)/3 = 0.39999999999999997 —, and `{ min: 0.4 }` failed with "pass_rate = 0.400 …;
 * required ≥ 0.4" (QA37).
 */
export function asRecorded(x: number): number {
  if (!Number.isFinite(x) || (Number.isInteger(x) && Math.abs(x) < 1e12)) return x;
  return Number(x.toPrecision(12));
}

/**
 * Whether a score reaches a metric's `threshold`, as recorded: a judge composite of
 * (2·0.9 + 0.6)/3 is 0.7999999999999999 as a float, 0.8 in the lock, and failed `threshold: 0.8`
 * (QA37).
 */
export function reachesThreshold(score: number, threshold: number): boolean {
  return asRecorded(score) >= threshold;
}
