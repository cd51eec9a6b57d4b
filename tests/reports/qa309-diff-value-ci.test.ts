/**
 * QA309: a value's comparison row below 0.01 printed the CI of its change with three decimals, so
 * a cost per example going 0.0004 → 0.0008 read `▲ +0.0004  CI [0.000, 0.000]`, a CI of no change
 * beside the change. Its bounds (and paired Δ) print as the value row's figures do now, `[0.0003,
 * 0.0005]`; a score's CI, and a value's of [0, 0] or from 0.01, as before.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateDelta, diffLocks } from '../../src/lockfile/diff.js';
import { formatDeltaCi } from '../../src/reports/delta-ci.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

describe("a value's CI of the change below 0.01 (QA309)", () => {
  it('prints its bounds in three significant digits in the text and Markdown diffs', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const row: AggregateDelta = {
      ...diff.aggregates[0]!,
      metric: 'cost',
      field: 'value',
      old: 0.0004,
      new: 0.0008,
      delta: 0.0004,
      ci: [0.0003, 0.0005],
      significant: false,
      direction: 'unchanged',
      method: 'none',
      pValue: null,
    };
    diff.aggregates.unshift(row);
    expect(renderTextDiff(diff)).toMatch(/0\.0004 → 0\.0008 +▲ \+0\.0004 CI \[0\.0003, 0\.0005\]/);
    expect(renderMarkdownDiff(diff)).toContain('| ▲ +0.0004 | [0.0003, 0.0005] |');
  });
  it('keeps a score, a [0, 0] CI and one from 0.01 as before', () => {
    expect(formatDeltaCi({ field: 'value', ci: [-0.0006, 0.0002], pairedDelta: -0.0002 })).toBe(
      '[\u22120.0006, 0.0002] of paired Δ \u22120.0002',
    );
    expect(formatDeltaCi({ field: 'score', ci: [0.0003, 0.0005] })).toBe('[0.000, 0.001]');
    expect(formatDeltaCi({ field: 'value', ci: [0, 0] })).toBe('[0.000, 0.000]');
    // QA312: each bound as a gate message prints it, not `[0.000, 0.012]` (tests/reports/qa312-diff-value-ci-bounds.test.ts)
    expect(formatDeltaCi({ field: 'value', ci: [0.0003, 0.012] })).toBe('[0.0003, 0.012]');
  });
});
