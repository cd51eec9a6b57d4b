/**
 * QA312: 0cafb98a printed a value's CI of the change in three significant digits only when both
 * bounds were below 0.01, so a CI of [0.0003, 0.012] read `[0.000, 0.012]` in evalc diff and the
 * reports' deltas, a CI reaching no change, beside the regression gate's own `95% CI of the change
 * [0.0003, 0.012]` for the same change. Each bound prints as the gate message prints it now.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { fmt } from '../../src/metrics/gate-figures.js';
import { formatDeltaCi } from '../../src/reports/delta-ci.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

describe("a value's CI of the change with one bound from 0.01", () => {
  it('prints each bound as the gate message does', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const first = diff.aggregates[0]!;
    diff.aggregates.unshift({
      ...first,
      metric: 'cost',
      field: 'value',
      old: 0.004,
      new: 0.0105,
      delta: 0.0065,
      ci: [0.0003, 0.012],
      significant: true,
      direction: 'regression',
    });
    expect(renderTextDiff(diff)).toMatch(/0\.004 → 0\.011 +▲ \+0\.0065 +CI \[0\.0003, 0\.012\]/);
    expect(renderMarkdownDiff(diff)).toContain('| ▲ +0.0065 | [0.0003, 0.012] |');
    expect(`[${fmt(0.0003)}, ${fmt(0.012)}]`).toBe('[0.0003, 0.012]');
    expect(formatDeltaCi({ field: 'value', ci: [-0.02, -0.0003] })).toBe('[\u22120.020, \u22120.0003]');
    expect(formatDeltaCi({ field: 'value', ci: [1e-7, 2e-7] })).toBe('[0.0000001, 0.0000002]');
    // a score's CI as before
    expect(formatDeltaCi({ field: 'score', ci: [0.0003, 0.012] })).toBe('[0.000, 0.012]');
  });
});
