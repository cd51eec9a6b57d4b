/**
 * QA35: report.md of 25 agents × 80 tasks (a 25-column table per task) spent the whole budget on
 * the task sections' heads: 60 `<details>` kept a table header with no row under it ("_… 2 more
 * lines not shown_"). A section is now shown with at least its first item, or left out and counted.
 */
import { describe, expect, it } from 'vitest';
import { fitSections, type MarkdownSection } from '../../src/reports/markdown-fit.js';

const wideRow = (label: string) =>
  `| ${label} | ${Array.from({ length: 25 }, () => '0.500 [0.25, 0.75]').join(' | ')} |`;

function taskDetails(t: number): MarkdownSection {
  const task = `task-${String(t).padStart(3, '0')}`;
  return {
    head: [`<details><summary>${task}</summary>`, '', wideRow('metric'), `|---|${'---:|'.repeat(25)}`],
    items: [wideRow(`${task} contains`), wideRow(`${task} exact_match`)],
    tail: ['', '</details>', ''],
    noun: 'lines',
  };
}

describe('fitSections with sections whose heads fill the budget', () => {
  it('shows every admitted section with its first item and counts the ones left out', () => {
    const sections = Array.from({ length: 80 }, (_, t) => taskDetails(t));
    const md = fitSections(sections, 20_000);
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(20_000);
    const shown = [...md.matchAll(/<summary>(task-\d{3})<\/summary>/g)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThan(5);
    for (const task of shown) expect(md).toContain(`| ${task} contains |`);
    expect(md).toContain(`_… ${80 - shown.length} more sections not shown (see the full report)._`);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });
});
