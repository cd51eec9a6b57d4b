/**
 * QA49: report.md's verdict line counts every significant aggregate, dataset rows of a
 * single-dataset task included, while its table hides those rows (they repeat the task's): a
 * rubric PR read "❌ 3 significant regressions" above two 🔴 rows and "28 other aggregates not
 * shown (unchanged, …)". The note now says how many hidden rows are significant, as `evalc diff`'s
 * text does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff, shownDeltas } from '../../src/reports/markdown-diff.js';

const lock = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/locks', name), 'utf8')) as Lockfile;

describe('report.md: significant rows hidden as repeats of their task (QA49)', () => {
  it('are counted in the note under the table', () => {
    const diff = diffLocks(lock('single-dataset-base.lock'), lock('single-dataset-new.lock'));
    const shown = shownDeltas(diff);
    const hiddenSignificant = diff.aggregates.filter((d) => d.significant && !shown.includes(d)).length;
    expect(hiddenSignificant).toBe(1);
    const hidden = diff.aggregates.length - shown.length;
    expect(hidden).toBe(1); // "1 other aggregate", singular since QA157
    expect(renderMarkdownDiff(diff)).toContain(
      `_${hidden} other aggregate${hidden === 1 ? '' : 's'} not shown (unchanged, or the same as their task; ${hiddenSignificant} of them significant, at dataset scope, the same as their single-dataset task's)._`,
    );
  });
});
