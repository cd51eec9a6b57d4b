/**
 * QA305: a comparison row of a value (a cost per example, `field: 'value'`) printed its old and new
 * figures with three decimals, `0.000 → 0.001`, in evalc diff (text and Markdown) and report.html's
 * deltas, while report.md's value row of the same aggregate reads `0.0009 [0.0006, 0.0012]`. They
 * print as that row does now; a score's figures as before.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateDelta, diffLocks } from '../../src/lockfile/diff.js';
import { renderHtmlReport } from '../../src/reports/html.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

const costRow = (d: AggregateDelta): AggregateDelta => ({
  ...d,
  metric: 'cost',
  field: 'value',
  old: 0.0004,
  new: 0.0009,
  delta: 0.0005,
});

describe("a value's comparison row prints its figures as report.md's value row (QA305)", () => {
  it('in the text and Markdown diffs', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const score = diff.aggregates[0]!;
    diff.aggregates.unshift(costRow(score));
    const text = renderTextDiff(diff);
    expect(text).toMatch(/cost \(value\) +0\.0004 → 0\.0009 /);
    expect(text).not.toContain('0.000 → 0.001');
    const md = renderMarkdownDiff(diff);
    expect(md).toMatch(/`cost` \(value\) \| 0\.0004 \| 0\.0009 \|/);
    // a score's figures as before
    expect(text).toMatch(/pass_rate +\d\.\d{3} → \d\.\d{3} /);
  });
  it("in report.html's deltas", () => {
    const model = buildModel({ lock: a3RegressedLock(), baseline: baselineLock() });
    const first = model.diff?.aggregates[0];
    expect(first).toBeDefined();
    model.diff?.aggregates.unshift(costRow(first!));
    const html = renderHtmlReport(model);
    expect(html).toContain(
      '<code>cost</code> (value)</td><td class="num">0.0004</td><td class="num">0.0009</td>',
    );
  });
});
