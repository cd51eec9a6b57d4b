/**
 * QA38: `evalc diff` in text named only the new lock's benchmark in its first line, where
 * `--format md` says `old → new`: two locks of different benchmarks read as one.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('evalc diff text title (QA38)', () => {
  it('names both benchmarks when they differ, one when they are the same', () => {
    const old = baselineLock();
    const now = baselineLock();
    expect(renderTextDiff(diffLocks(old, now)).split('\n')[0]).toMatch(/^evalc diff — course-advisor: /);
    old.plan.benchmark.id = 'other-plan';
    expect(renderTextDiff(diffLocks(old, now)).split('\n')[0]).toMatch(
      /^evalc diff — other-plan → course-advisor: /,
    );
  });
});
