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
