/**
 * QA292: a benchmark of 40 tasks, each dataset all passing or all failing, has a bootstrap CI of
 * [0.975, 0.975] around its mean 0.975; report.md's score table (and report.html's) read
 * `0.975 [0.98, 0.98]`, the mean printed outside its own CI. A bound whose two decimals would pass
 * the mean is rounded away from it; other bounds print as before.
 */
import { describe, expect, it } from 'vitest';
import { formatMeanCi } from '../../src/reports/format.js';

describe('formatMeanCi: the printed CI holds the printed mean (QA292)', () => {
  it('rounds a bound that would pass the mean away from it', () => {
    expect(formatMeanCi(0.975, [0.975, 0.975])).toBe('0.975 [0.97, 0.98]');
    expect(formatMeanCi(0.985, [0.985, 0.99])).toBe('0.985 [0.98, 0.99]');
    expect(formatMeanCi(0.004, [0, 0.004])).toBe('0.004 [0.00, 0.01]');
    expect(formatMeanCi(0.333, [0.2, 0.333])).toBe('0.333 [0.20, 0.34]');
    expect(formatMeanCi(-0.125, [-0.125, -0.125])).toBe('−0.125 [−0.13, −0.12]');
  });
  it('leaves every other bound as it rounds', () => {
    expect(formatMeanCi(0.833, [0.71, 0.93])).toBe('0.833 [0.71, 0.93]');
    expect(formatMeanCi(0.975, [0.96, 0.99])).toBe('0.975 [0.96, 0.99]');
    expect(formatMeanCi(1, [1, 1])).toBe('1.000 [1.00, 1.00]');
    expect(formatMeanCi(0, [0, 0])).toBe('0.000 [0.00, 0.00]');
    expect(formatMeanCi(0.5, [0.495, 0.505])).toBe('0.500 [0.50, 0.51]');
    expect(formatMeanCi(-0.5, [-0.75, -0.25])).toBe('−0.500 [−0.75, −0.25]');
  });
});
