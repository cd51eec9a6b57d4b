/**
 * QA142: evalc.lock's judge `rubric` is now the rubric(s) the judge's metrics used; an older evalc
 * wrote the judge's own `rubric:` setting there, used or not. With the same `rubricVersion` tags
 * (which name their rubrics) the judge judged with the same rubrics, so `evalc diff` of a baseline
 * written before the change must not call the runs "not strictly comparable" for that field alone.
 * A rubric that really changed changes its tag, and is still named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';

const lockText = readFileSync(path.join(__dirname, '../fixtures/locks/course-advisor.lock'), 'utf8');

function lockWith(rubric: string, rubricVersion: string): Lockfile {
  const lock = JSON.parse(lockText) as Lockfile;
  const judge = lock.judges.strict!;
  judge.rubric = rubric;
  judge.rubricVersion = rubricVersion;
  return lock;
}

const BREVITY = `brevity@sha256-rfc8785:${'b'.repeat(64)}`;

describe('diff and the judge rubric name (QA142)', () => {
  it('says nothing of a rubric name that differs beside the same rubricVersion', () => {
    const older = lockWith('course-advice', BREVITY);
    const newer = lockWith('brevity', BREVITY);
    const diff = diffLocks(older, newer);
    expect(diff.comparability.filter((c) => c.subject === 'strict')).toEqual([]);
    expect(renderTextDiff(diff)).not.toContain('Not strictly comparable');
  });

  it('still names the rubric when its tag changed too', () => {
    const older = lockWith('course-advice', `course-advice@sha256-rfc8785:${'c'.repeat(64)}`);
    const newer = lockWith('brevity', BREVITY);
    const kinds = diffLocks(older, newer)
      .comparability.filter((c) => c.subject === 'strict')
      .map((c) => c.kind);
    expect(kinds).toContain('judge_rubric');
    expect(kinds).toContain('judge_rubric_version');
  });
});
