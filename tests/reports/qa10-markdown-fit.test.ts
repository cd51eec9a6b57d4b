/**
 * report.md at the scale of 12 agents × 30 tasks (QA10): the folded latency table (one row per
 * agent × task × dataset, 1,080 rows) came before the per-task details and took the whole
 * 65,000-character budget, leaving "### Details" an empty heading. Room is now shared.
 */
import { describe, expect, it } from 'vitest';
import { fitSections, type MarkdownSection } from '../../src/reports/markdown-fit.js';

const rows = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `| ${prefix} row ${i} |`);

function details(task: string, failing: number): MarkdownSection {
  return {
    head: [`<details><summary>${task}</summary>`, '', '| metric | a |', '|---|---:|'],
    items: ['| `contains` | 0.833 |', '', 'Failing examples:', '', ...rows(`${task} failing`, failing)],
    tail: ['', '</details>', ''],
    noun: 'lines',
  };
}

describe('fitSections sharing the room between sections', () => {
  it('keeps every task detail with its metric row when a long section comes before them', () => {
    const sections: MarkdownSection[] = [
      { head: ['## verdict', ''], items: [], tail: [] },
      {
        head: ['### Scores', '| task | a |', '|---|---:|'],
        items: rows('score', 31),
        tail: [''],
        priority: 'keep',
      },
      {
        head: ['<details><summary>Latency</summary>', '', '| group | ms |', '|---|---:|'],
        items: rows('latency figure for agent/task/dataset', 1080),
        tail: ['', '</details>', ''],
        noun: 'rows',
      },
      { head: ['### Details', ''], items: [], tail: [] },
      ...Array.from({ length: 30 }, (_, t) => details(`t${String(t).padStart(2, '0')}`, 60)),
    ];
    const md = fitSections(sections, 20_000);
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(20_000);
    // The `keep` table is whole; the latency table is cut, not the sections after it.
    expect(md).toContain('| score row 30 |');
    expect(md).toMatch(/_… \d+ more rows not shown/);
    for (let t = 0; t < 30; t++) {
      const task = `t${String(t).padStart(2, '0')}`;
      expect(md).toContain(`<details><summary>${task}</summary>`);
      expect(md).toContain(`| ${task} failing row 0 |`);
    }
    expect(md.match(/\| latency figure/g)?.length ?? 0).toBeLessThan(200);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });

  it('gives a short section all it needs and the rest to the long ones', () => {
    const md = fitSections(
      [
        { head: ['# a'], items: rows('long a', 1000), tail: [''], noun: 'rows' },
        { head: ['# b'], items: rows('short b', 5), tail: [''], noun: 'rows' },
        { head: ['# c'], items: rows('long c', 1000), tail: [''], noun: 'rows' },
      ],
      4_000,
    );
    expect(md).toContain('| short b row 4 |');
    const a = md.match(/\| long a row/g)?.length ?? 0;
    const c = md.match(/\| long c row/g)?.length ?? 0;
    expect(a).toBeGreaterThan(40);
    expect(Math.abs(a - c)).toBeLessThanOrEqual(2);
  });

  it('says how many sections were left out when their headings no longer fit', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      head: [`<details><summary>task ${i} with a fairly long heading line</summary>`],
      items: rows(`x${i}`, 3),
      tail: ['</details>'],
    }));
    const md = fitSections(many, 5_000);
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(5_000);
    const shown = md.match(/<summary>task/g)?.length ?? 0;
    expect(shown).toBeGreaterThan(10);
    expect(md).toContain(`_… ${400 - shown} more sections not shown (see the full report)._`);
  });

  it('ends a cut `evalc diff --format md` with where the full comparison is, not report.html', async () => {
    const { renderMarkdownDiff } = await import('../../src/reports/markdown-diff.js');
    const { diffLocks } = await import('../../src/lockfile/diff.js');
    const { baselineLock } = await import('../fixtures/locks/variants.js');
    const old = baselineLock();
    const cur = baselineLock();
    for (const r of cur.results) r.pass = r.pass === false;
    const md = renderMarkdownDiff(diffLocks(old, cur), 1_500);
    expect(md).toContain('`evalc diff --format json`');
    expect(md).not.toContain('report.html');
  });
});

describe('fitSections between keep sections', () => {
  it('keeps a short score table whole after 1,000 failing gates', () => {
    const md = fitSections(
      [
        { head: ['## verdict', ''], items: [], tail: [] },
        {
          head: ['### ❌ Failing gates (1000)', '', '| gate |', '|---|'],
          items: rows('failing gate with a long message', 1000),
          tail: [''],
          noun: 'gates',
          priority: 'keep',
        },
        {
          head: ['### Scores', '| task | a |', '|---|---:|'],
          items: rows('score', 31),
          tail: [''],
          priority: 'keep',
        },
      ],
      20_000,
    );
    expect(md).toContain('| score row 30 |');
    expect(md).toMatch(/_… \d+ more gates not shown/);
    expect(md.match(/\| failing gate/g)?.length ?? 0).toBeGreaterThan(300);
  });
});
