/**
 * QA289: report.html's drill-down (a row's score and value, written in the browser) kept the old
 * rounding bounds of 100 and 10: a value of 99.96 read `100.0` there and `100` in report.md and the
 * page's own tables (formatNumber, cbf61aaa), and 9.9996 read `10.000` beside `10.0`. It rounds as
 * formatNumber does now.
 */
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/reports/format.js';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';

function scriptNum(): (x: number | null) => string {
  const fixed = /function fixedDecimal\(x, d\) \{[\s\S]*?\n {2}\}/.exec(HTML_SCRIPT)?.[0];
  const num = /function num\(x, d\) \{[\s\S]*?\n {2}\}/.exec(HTML_SCRIPT)?.[0];
  if (!fixed || !num) throw new Error('fixedDecimal or num not found in the report.html script');
  return new Function(`${fixed}\n${num}\nreturn num;`)() as (x: number | null) => string;
}

describe("report.html's drill-down numbers", () => {
  it('round as formatNumber does, on both sides of 10 and 100', () => {
    const num = scriptNum();
    for (const x of [
      0, -0, 1e-12, 0.4875, 0.9995, 9.9994, 9.9995, 9.9996, 10, 10.04, 99.94, 99.95, 99.96, 100.4, 999.9995,
      -9.9996, -99.96, 1234.5,
    ])
      expect([x, num(x)]).toEqual([x, formatNumber(x)]);
    expect(num(99.96)).toBe('100');
    expect(num(9.9996)).toBe('10.0');
    expect(num(null)).toBe('—');
  });
});
