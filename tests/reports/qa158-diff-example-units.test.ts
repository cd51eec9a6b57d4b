/**
 * QA158: the summary line of a comparison counted agent × example rows and called them examples:
 * with three agents, renaming one example and removing another read "(84 paired examples, 3 new,
 * 6 gone)" above "New examples (1): …" and "Gone examples (2): …", and the note under the table said
 * Δ "include 3 new and 6 gone example(s)". The text diff, report.md and report.html now count
 * examples (`task/dataset/example`) as the lists do; JSON keeps its row counts and adds `pairedIds`.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** search-02 renamed search-02b and search-03 removed, for each of the three agents. */
function renamed() {
  const now = baselineLock();
  now.results = now.results
    .filter((r) => r.example !== 'search-03')
    .map((r) => (r.example === 'search-02' ? { ...r, example: 'search-02b' } : r));
  // A mean that moved, so a row and the note under the table are shown.
  const benchmark = now.aggregates.benchmark?.a1;
  const metric = benchmark && Object.keys(benchmark)[0];
  if (!benchmark || !metric || !benchmark[metric]) throw new Error('no benchmark aggregate for a1');
  benchmark[metric].mean = (benchmark[metric].mean ?? 0) / 2;
  return now;
}

describe('diff: the summary line counts examples, as the New/Gone lists do (QA158)', () => {
  it('says 28 paired, 1 new and 2 gone examples for 84, 3 and 6 rows of three agents', () => {
    const diff = diffLocks(baselineLock(), renamed());
    expect(new Set(baselineLock().results.map((r) => r.group.split('/')[0])).size).toBe(3);
    expect(diff.examples).toMatchObject({ paired: 84, added: 3, removed: 6, pairedIds: 28 });
    expect(diff.examples.new).toHaveLength(1);
    expect(diff.examples.gone).toHaveLength(2);

    const text = renderTextDiff(diff);
    expect(text.split('\n')[0]).toMatch(/\(28 paired examples, 1 new, 2 gone, α = 0\.05\)$/);
    expect(text).toContain('New examples (1): ');
    expect(text).toContain('Gone examples (2): ');
    const note =
      "Δ compares the two runs' aggregates, which include 1 new and 2 gone examples; the CI, p and verdict test the 28 paired examples only";
    expect(text).toContain(`(${note}`);

    const md = renderMarkdownDiff(diff);
    expect(md).toContain(' · 28 paired examples, 1 new, 2 gone (α = 0.05)');
    expect(md).toContain('**New examples (1):**');
    expect(md).toContain(`_${note}`);
  });

  it('names no new example for an agent added, and says what its rows are', () => {
    const old = baselineLock();
    old.results = old.results.filter((r) => !r.group.startsWith('a3/'));
    const diff = diffLocks(old, renamed());
    expect(renderTextDiff(diff).split('\n')[0]).toMatch(/\(28 paired examples, 1 new, 2 gone, α = /);
    // Only a3 added: no example id is new, and the note says what Δ covers.
    const added = baselineLock();
    const benchmark = added.aggregates.benchmark?.a1;
    const metric = benchmark && Object.keys(benchmark)[0];
    if (!benchmark || !metric || !benchmark[metric]) throw new Error('no benchmark aggregate for a1');
    benchmark[metric].mean = (benchmark[metric].mean ?? 0) / 2;
    const agentOnly = renderTextDiff(diffLocks(old, added));
    expect(agentOnly.split('\n')[0]).toMatch(/\(30 paired examples, α = /);
    expect(agentOnly).toContain('which include examples an agent ran in one run only;');
  });

  it('says "1 new example" for one, not "example(s)" (QA164)', () => {
    const old = baselineLock();
    old.results = old.results.filter((r) => r.example !== 'search-03');
    const onlyNew = baselineLock();
    const benchmark = onlyNew.aggregates.benchmark?.a1;
    const metric = benchmark && Object.keys(benchmark)[0];
    if (!benchmark || !metric || !benchmark[metric]) throw new Error('no benchmark aggregate for a1');
    benchmark[metric].mean = (benchmark[metric].mean ?? 0) / 2;
    const text = renderTextDiff(diffLocks(old, onlyNew));
    expect(text).toContain(
      'which include 1 new example; the CI, p and verdict test the 29 paired examples only',
    );
    expect(text, text).not.toContain('example(s)');
  });
});
