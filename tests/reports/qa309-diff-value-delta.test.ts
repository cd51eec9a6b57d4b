/**
 * QA309: a value's comparison row whose old and new figures print apart (`0.0004 → 0.0008`, a cost
 * per example doubled) printed its Δ with three decimals, `±0.000`, so its arrow read `·` and the
 * row was hidden as unchanged: evalc diff said "No aggregate changed". Its Δ prints as its figures
 * do, `▲ +0.0004`, and the row is shown; a value whose two figures print alike (`0.012`, `0.012`)
 * is still hidden, and a score's Δ prints as before.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateDelta, diffLocks, type LockDiff } from '../../src/lockfile/diff.js';
import { formatDeltaSigned } from '../../src/reports/format.js';
import { renderHtmlReport } from '../../src/reports/html.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownDiff, shownDeltas } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

const valueRow = (d: AggregateDelta, old: number, now: number): AggregateDelta => ({
  ...d,
  metric: 'cost',
  field: 'value',
  old,
  new: now,
  delta: now - old,
  significant: false,
  direction: 'unchanged',
  method: 'none',
  pValue: null,
});

function withRow(old: number, now: number): LockDiff {
  const diff = diffLocks(baselineLock(), a3RegressedLock());
  diff.aggregates.unshift(valueRow(diff.aggregates[0]!, old, now));
  return diff;
}

describe("a value's Δ below 0.01 prints as its figures (QA309)", () => {
  it('shows a doubled 0.0004 in the text and Markdown diffs', () => {
    const diff = withRow(0.0004, 0.0008);
    expect(shownDeltas(diff).some((d) => d.metric === 'cost')).toBe(true);
    expect(renderTextDiff(diff)).toMatch(/cost \(value\) +0\.0004 → 0\.0008 +▲ \+0\.0004 /);
    expect(renderMarkdownDiff(diff)).toMatch(/`cost` \(value\) \| 0\.0004 \| 0\.0008 \| ▲ \+0\.0004 \|/);
  });
  it('hides a value whose two figures print alike, and prints a fall with a minus sign', () => {
    expect(shownDeltas(withRow(0.0121, 0.0124)).some((d) => d.metric === 'cost')).toBe(false);
    expect(shownDeltas(withRow(0.0004, 0.0004000000001)).some((d) => d.metric === 'cost')).toBe(false);
    expect(formatDeltaSigned({ field: 'value', old: 0.0009, new: 0.0004, delta: 0.0004 - 0.0009 })).toBe(
      '\u22120.0005',
    );
    // a score's Δ as before
    expect(formatDeltaSigned({ field: 'score', old: 0.5, new: 0.5004, delta: 0.0004 })).toBe('±0.000');
  });
  it("shows it in report.html's deltas", () => {
    const model = buildModel({ lock: a3RegressedLock(), baseline: baselineLock() });
    const first = model.diff?.aggregates[0];
    expect(first).toBeDefined();
    model.diff?.aggregates.unshift(valueRow(first!, 0.0004, 0.0008));
    expect(renderHtmlReport(model)).toMatch(
      /<code>cost<\/code> \(value\)<\/td><td class="num">0\.0004<\/td><td class="num">0\.0008<\/td><td class="num[^"]*">▲ \+0\.0004<\/td>/,
    );
  });
});
