/**
 * QA171: the text diff counts as report.md and report.html do — "1 significant regression",
 * "3 significant regressions", "1 improvement" — where it wrote "regression(s)", "improvement(s)",
 * "change(s)" and "aggregate(s)" whatever the count.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';

const lock = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/locks', name), 'utf8')) as Lockfile;

describe('text diff counts (QA171)', () => {
  it('says "3 significant regressions" and "1 more significant change", as report.md counts', () => {
    const diff = diffLocks(lock('single-dataset-base.lock'), lock('single-dataset-new.lock'));
    const text = renderTextDiff(diff);
    expect(text.split('\n')[0]).toContain(': 3 significant regressions, 0 improvements, ');
    expect(text).toContain('(1 more significant change at dataset scope');
    expect(text).not.toMatch(/\(s\)/);
    expect(renderMarkdownDiff(diff)).toContain('**3** significant regressions');
  });

  it('says "1 significant regression, 1 improvement" for one of each', () => {
    const diff = diffLocks(lock('single-dataset-base.lock'), lock('single-dataset-new.lock'));
    diff.summary.regressions = 1;
    diff.summary.improvements = 1;
    const first = renderTextDiff(diff).split('\n')[0];
    expect(first).toContain(': 1 significant regression, 1 improvement, ');
    expect(renderMarkdownDiff(diff)).toMatch(/\*\*1\*\* significant regression ·.* \*\*1\*\* improvement ·/);
  });
});
