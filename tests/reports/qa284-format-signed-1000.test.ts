/**
 * QA284: a Δ (report.md, evalc diff) that rounds up to 1000 was written `+1000.000`, while 1000.4 is
 * written `+1000`: one figure two ways (the case beside cbf61aaa's 10 and 100 in formatSigned).
 */
import { describe, expect, it } from 'vitest';
import { formatSigned } from '../../src/reports/format.js';

describe('formatSigned at 1000', () => {
  it('writes what rounds to 1000 as 1000.4 is', () => {
    expect(formatSigned(999.9996)).toBe('+1000');
    expect(formatSigned(-999.9996)).toBe('−1000');
    expect(formatSigned(999.9995)).toBe('+1000');
    expect(formatSigned(1000.4)).toBe('+1000');
  });
  it('keeps three decimals below it', () => {
    expect(formatSigned(999.9994)).toBe('+999.999');
    expect(formatSigned(-99.96)).toBe('−99.960');
    expect(formatSigned(-0)).toBe('±0.000');
    expect(formatSigned(-1e-12)).toBe('±0.000');
    expect(formatSigned(Number.NaN)).toBe('—');
  });
});
