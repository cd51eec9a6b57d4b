/**
 * QA49: a PR that adds, removes or renames dataset rows showed "18 paired examples, 2 new, 2 gone"
 * in `evalc diff` and report.md, and nowhere which ones. The diff now names the examples only one
 * run has (by task/dataset/example, once for all agents; an agent added or removed is not a new
 * example), in its JSON, its text and Markdown, and report.md's "Changes vs baseline".
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function renamed() {
  const now = baselineLock();
  // search-02 was renamed search-02b (for every agent); search-03 removed for every agent.
  now.results = now.results
    .filter((r) => r.example !== 'search-03')
    .map((r) => (r.example === 'search-02' ? { ...r, example: 'search-02b' } : r));
  return now;
}

describe('diff: examples only one run has are named (QA49)', () => {
  it('lists them once per task/dataset/example in JSON, text and Markdown', () => {
    const diff = diffLocks(baselineLock(), renamed());
    const agents = new Set(baselineLock().results.map((r) => r.group.split('/')[0])).size;
    expect(diff.examples.added).toBe(agents);
    expect(diff.examples.removed).toBe(2 * agents);
    expect(diff.examples.new).toEqual(['search/course-search/search-02b']);
    expect(diff.examples.gone).toEqual(['search/course-search/search-02', 'search/course-search/search-03']);
    const text = renderTextDiff(diff);
    expect(text).toContain('New examples (1): search/course-search/search-02b');
    expect(text).toContain(
      'Gone examples (2): search/course-search/search-02, search/course-search/search-03',
    );
    const md = renderMarkdownDiff(diff);
    expect(md).toContain('**New examples (1):** `search/course-search/search-02b`');
    expect(md).toContain(
      '**Gone examples (2):** `search/course-search/search-02`, `search/course-search/search-03`',
    );
  });

  it('an agent only one run has adds no example names', () => {
    const now = baselineLock();
    now.results = now.results.filter((r) => !r.group.startsWith('a3/'));
    const diff = diffLocks(baselineLock(), now);
    expect(diff.examples.removed).toBeGreaterThan(0);
    expect(diff.examples.gone).toBeUndefined();
    expect(renderTextDiff(diff)).not.toContain('Gone examples');
  });
});
