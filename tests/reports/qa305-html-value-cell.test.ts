/**
 * QA305: report.html's "All aggregates" table printed a measurement-only metric's cell (a cost
 * per example, `measure: 'value'`) with the score rule, `0.000 [0.00, 0.00]` for $0.0004, where
 * report.md's row of the same aggregate reads `0.0004 [0.0001, 0.0008]`. Both print it alike now.
 */
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reports/html.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function lockWithCost(mean: number, ci: [number, number]) {
  const lock = baselineLock();
  for (const scope of Object.values(lock.aggregates))
    for (const byMetric of Object.values(scope)) byMetric.tokens = { mean, ci, n: 30, measure: 'value' };
  return lock;
}

describe("report.html prints a measurement's cell as report.md does (QA305)", () => {
  it('keeps three significant digits below 0.01', () => {
    const model = buildModel({ lock: lockWithCost(0.0004, [0.0001, 0.0008]) });
    const html = renderHtmlReport(model);
    const table = html.slice(
      html.indexOf('<table id="scores-table">'),
      html.indexOf('</table>', html.indexOf('<table id="scores-table">')),
    );
    expect(table).toMatch(/<code>tokens<\/code><\/td><td class="num">0\.0004 \[0\.0001, 0\.0008\]<\/td>/);
    expect(table).not.toContain('0.000 [0.00, 0.00]');
    expect(renderMarkdownReport(model)).toContain('0.0004 [0.0001, 0.0008]');
  });
  it('prints a larger measurement and a score as before', () => {
    const html = renderHtmlReport(buildModel({ lock: lockWithCost(12.46, [12.46, 12.46]) }));
    expect(html).toContain('<td class="num">12.5 [12.5, 12.5]</td>');
    expect(html).toMatch(/<code>pass_rate<\/code><\/td><td class="num">0\.\d{3} \[0\.\d\d, 0\.\d\d\]<\/td>/);
  });
});
