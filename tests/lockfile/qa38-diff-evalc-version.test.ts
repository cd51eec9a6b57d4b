/**
 * QA38: `evalc diff` of a lockfile an older evalc wrote against today's said nothing of the
 * version change (only metric versions are pinned per metric): the aggregation and statistics code
 * that produced the other figures may differ. The diff now lists it as a change (info).
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { compareLockPins } from '../../src/lockfile/diff-comparability.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('the evalc version of two lockfiles (QA38)', () => {
  it('is listed when it changed, as info', () => {
    const old = baselineLock();
    const now = baselineLock();
    old.evalc = '0.0.9';
    now.evalc = '0.1.0';
    const issues = compareLockPins(old, now).filter((i) => i.kind === 'evalc_version');
    expect(issues).toEqual([
      {
        kind: 'evalc_version',
        severity: 'info',
        subject: 'evalc',
        old: '0.0.9',
        new: '0.1.0',
        message:
          'evalc: version changed 0.0.9 → 0.1.0 (the lockfiles were written by different evalc versions)',
      },
    ]);
    expect(renderMarkdownDiff(diffLocks(old, now))).toContain('- evalc: version changed 0.0.9 → 0.1.0');
  });

  it('is not listed when it is the same', () => {
    expect(compareLockPins(baselineLock(), baselineLock()).some((i) => i.kind === 'evalc_version')).toBe(
      false,
    );
  });
});
