/**
 * QA312: a CI of no width (one example, or every example alike) beside a mean from 10 printed two
 * decimals or one as the mean happened to round: `10.0 [10.00, 10.00]` and `12.5 [12.50, 12.50]`
 * beside QA299's `12.5 [12.5, 12.5]` for 12.46, `150 [150.00, 150.00]`. It has the mean's
 * decimals now, in report.md's and report.html's tables and the bar titles (formatMeanCi).
 */
import { describe, expect, it } from 'vitest';
import { formatMeanCi, formatValueCi } from '../../src/reports/format.js';

describe('a CI of no width beside a mean from 10', () => {
  it("prints with the mean's decimals", () => {
    expect(formatMeanCi(10, [10, 10])).toBe('10.0 [10.0, 10.0]');
    expect(formatMeanCi(12.5, [12.5, 12.5])).toBe('12.5 [12.5, 12.5]');
    expect(formatMeanCi(12.46, [12.46, 12.46])).toBe('12.5 [12.5, 12.5]');
    expect(formatMeanCi(150, [150, 150])).toBe('150 [150, 150]');
    expect(formatMeanCi(-10, [-10, -10])).toBe('−10.0 [−10.0, −10.0]');
    expect(formatValueCi(10, [10, 10])).toBe('10.0 [10.0, 10.0]');
  });
  it('leaves a CI with a width and a mean below 10 as before', () => {
    expect(formatMeanCi(10, [9.5, 10.5])).toBe('10.0 [9.50, 10.50]');
    expect(formatMeanCi(150, [149.4, 150.2])).toBe('150 [149.40, 150.20]');
    expect(formatMeanCi(0.5, [0.5, 0.5])).toBe('0.500 [0.50, 0.50]');
    expect(formatMeanCi(1, [1, 1])).toBe('1.000 [1.00, 1.00]');
  });
});
