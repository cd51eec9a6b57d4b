/**
 * QA299: a678b006 rounds a CI bound that would pass its mean away from it in report.md's score
 * table and report.html's, `0.975 [0.97, 0.98]`; report.html's bar chart titles (the tooltip on a
 * bar) still read `calc · pass_rate: 0.975 [0.98, 0.98]`, the mean outside its own CI.
 */
import { describe, expect, it } from 'vitest';
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
