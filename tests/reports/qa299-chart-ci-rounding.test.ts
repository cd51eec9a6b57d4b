/**
 * QA299: a678b006 rounds a CI bound that would pass its mean away from it in report.md's score
 * table and report.html's, `0.975 [0.97, 0.98]`; report.html's bar chart titles (the tooltip on a
 * bar) still read `calc · pass_rate: 0.975 [0.98, 0.98]`, the mean outside its own CI.
 */
import { describe, expect, it } from 'vitest';
import { formatMeanCi } from '../../src/reports/format.js';
import { renderBarChart } from '../../src/reports/html-charts.js';

const chart = (value: number, ci: [number, number] | null) =>
  renderBarChart({
    id: 'c',
    title: 'Scores',
    groups: ['pass_rate'],
    series: ['calc'],
    bars: [{ group: 'pass_rate', series: 'calc', value, ci }],
  });

describe("report.html's bar titles print a CI as the score table does (QA299)", () => {
  it('rounds a bound that would pass the mean away from it', () => {
    expect(chart(0.975, [0.975, 0.975])).toContain('<title>calc · pass_rate: 0.975 [0.97, 0.98]</title>');
  });
  it('prints other bars as before', () => {
    expect(chart(0.833, [0.71, 0.93])).toContain('<title>calc · pass_rate: 0.833 [0.71, 0.93]</title>');
    expect(chart(0.5, null)).toContain('<title>calc · pass_rate: 0.500</title>');
  });
});

describe('a mean printed with fewer decimals than its CI (QA299)', () => {
  it("prints a CI that would not hold it with the mean's decimals", () => {
    expect(formatMeanCi(12.46, [12.46, 12.46])).toBe('12.5 [12.5, 12.5]');
    expect(formatMeanCi(12.46, [12.01, 12.46])).toBe('12.5 [12.0, 12.5]');
    expect(formatMeanCi(-12.46, [-12.46, -12.46])).toBe('−12.5 [−12.5, −12.5]');
    expect(formatMeanCi(150.4, [150.4, 150.4])).toBe('150 [150, 150]');
    expect(formatMeanCi(149.6, [149.4, 149.6])).toBe('150 [149, 150]');
  });
  it('leaves a CI that holds it as it was', () => {
    expect(formatMeanCi(38.6, [15.7, 59.64])).toBe('38.6 [15.70, 59.64]');
    expect(formatMeanCi(99.96, [9.9996, 120.2])).toBe('100 [10.00, 120.20]');
    // QA312: a CI of no width has the mean's decimals (tests/reports/qa312-zero-width-ci.test.ts)
    expect(formatMeanCi(12.5, [12.5, 12.5])).toBe('12.5 [12.5, 12.5]');
  });
});
