/**
 * QA279: a mean or CI bound (report.html, junit.xml, report.md's scores, evalc diff) is written with
 * three decimals below 10, one from 10 and none from 100, but 9.9996 read `10.000` beside `10.4`
 * and 99.96 `100.0` beside `100`: the same figure two ways (the case of 52b8f220 in formatNumber).
 */
import { describe, expect, it } from 'vitest';
import { formatMeanCi, formatNumber } from '../../src/reports/format.js';

describe('formatNumber at 10 and 100', () => {
  it('writes what rounds to 10 as 10.0 and what rounds to 100 as 100', () => {
    expect(formatNumber(9.9996)).toBe('10.0');
    expect(formatNumber(9.9994)).toBe('9.999');
    expect(formatNumber(10.04)).toBe('10.0');
    expect(formatNumber(99.96)).toBe('100');
    expect(formatNumber(99.94)).toBe('99.9');
    expect(formatNumber(-99.96)).toBe('−100');
    expect(formatMeanCi(99.96, [9.9996, 120.2])).toBe('100 [10.00, 120.20]');
  });
});
