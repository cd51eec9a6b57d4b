/**
 * QA62: an example id shown as inline code outside a table (report.md's and `evalc diff --format
 * md`'s "New examples" / "Gone examples") renders as the id itself on GitHub. Before, every `|` was
 * written `\|` — needed only in a table cell, where GFM unescapes it; in a list a code span keeps
 * the backslash, so `a|b` read `a\|b` — and an id holding a double backtick closed its own
 * double-backtick code span early.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { code, codeText } from '../../src/reports/markdown-text.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/**
 * The text of a CommonMark code span starting at `start` (a backtick run): up to the next backtick
 * run of the same length; one leading and trailing space are stripped when both are there.
 */
function span(md: string, start: number): { text: string; end: number } | undefined {
  const open = /^`+/.exec(md.slice(start))?.[0];
  if (!open) return undefined;
  const runs = /`+/g;
  runs.lastIndex = start + open.length;
  for (let m = runs.exec(md); m; m = runs.exec(md)) {
    if (m[0].length !== open.length) continue;
    const body = md.slice(start + open.length, m.index).replace(/\n/g, ' ');
    const text =
      body.length >= 2 && body.startsWith(' ') && body.endsWith(' ') && body.trim() !== ''
        ? body.slice(1, -1)
        : body;
    return { text, end: m.index + m[0].length };
  }
  return undefined;
}

function codeSpanAt(md: string, start: number): string | undefined {
  return span(md, start)?.text;
}

const IDS = ['pipe|id', 'a\\|b', '``double``', 'lone`tick', '| --- |', 'x ``` y', '`edge`'];

describe('inline code outside tables', () => {
  it('codeText renders as the text itself, whatever backticks and pipes it holds', () => {
    for (const id of IDS) expect(codeSpanAt(codeText(id), 0)).toBe(id);
  });

  it('code (for table cells) escapes `|` and survives backtick runs', () => {
    expect(code('a|b')).toBe('`a\\|b`');
    const cell = code('x `` y');
    expect(codeSpanAt(cell, 0)).toBe('x `` y');
  });

  it('names new examples with pipes and backticks verbatim in evalc diff --format md', () => {
    const now = baselineLock();
    const first = now.results.find((r) => r.example === 'search-02')!;
    const extra = IDS.map((id) => ({ ...first, example: id }));
    now.results = [...now.results, ...extra];
    const md = renderMarkdownDiff(diffLocks(baselineLock(), now));
    const line = md.split('\n').find((l) => l.startsWith('**New examples'))!;
    const shown: string[] = [];
    for (let i = line.indexOf('`'); i >= 0; ) {
      const s = span(line, i);
      if (s === undefined) break;
      shown.push(s.text);
      i = line.indexOf('`', s.end);
    }
    expect(shown.sort()).toEqual(IDS.map((id) => `search/course-search/${id}`).sort());
  });
});
