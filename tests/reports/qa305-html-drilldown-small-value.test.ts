/**
 * QA305: report.html's drill-down printed an example's value below 0.01 with three decimals, an
 * absolute error of 0.0004 as `0.000`, where report.md's value row, report.html's table and the
 * deltas print `0.0004` (format.ts's formatValueCi). The drill-down's copy of the rule (it runs in
 * the browser) is checked against format.ts's across magnitudes.
 */
import { expect, it } from 'vitest';
import { formatValueCi } from '../../src/reports/format.js';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';

const source = (name: string) =>
  new RegExp(`function ${name}\\(x(?:, d)?\\) \\{[\\s\\S]*?\\n {2}\\}`).exec(HTML_SCRIPT)?.[0] ?? '';

it("prints an example's value as format.ts's formatValueCi does", () => {
  const valueNum = new Function(
    `${source('fixedDecimal')}; ${source('num')}; ${source('valueNum')}; return valueNum;`,
  )() as (x: number) => string;
  for (const x of [
    0.0004, -0.0004, 0.00333, 0.009996, 0.0099949, 1.23e-7, 5e-10, 0, 0.01, 0.5, 9.9996, 12.46, 99.96, 1234.4,
    -12.46,
  ])
    expect(valueNum(x), String(x)).toBe(formatValueCi(x, null));
  expect(HTML_SCRIPT).toContain("[m.value === undefined ? '' : valueNum(m.value)]");
});
