/**
 * QA167, for d586578 (which came without a test): ranked sections (failing tasks, most failing
 * examples first) are admitted strictly worst first. Once one does not fit, a smaller one ranked
 * below it is not shown in its place: which task showed turned on a few bytes elsewhere in the
 * report (QA87's test failed in CI at load 10).
 */
import { describe, expect, it } from 'vitest';
import { fitSections, type MarkdownSection } from '../../src/reports/markdown-fit.js';

function failingTask(name: string, rank: number, headLines: number): MarkdownSection {
  return {
    head: [
      `<details><summary>${name}</summary>`,
      ...Array.from({ length: headLines }, (_, i) => `${name} ${i} ${'x'.repeat(60)}`),
    ],
    items: [`| ${name} e1 | fail |`],
    tail: ['</details>', ''],
    noun: 'examples',
    rank,
    kind: 'failing tasks',
  };
}

describe('fitSections with ranked sections that do not all fit', () => {
  it('shows no lower-ranked section in the place of a higher-ranked one left out', () => {
    const table: MarkdownSection = {
      head: ['# Report', ''],
      items: ['| a | 1 |'],
      tail: [''],
      priority: 'keep',
    };
    const md = fitSections([table, failingTask('worst', 3, 40), failingTask('next', 2, 2)], 1500);
    expect(md).not.toContain('<summary>worst</summary>');
    expect(md).not.toContain('<summary>next</summary>');
    expect(md).toContain('2 more failing tasks');
  });

  it('still shows every ranked section that fits, worst first', () => {
    const table: MarkdownSection = {
      head: ['# Report', ''],
      items: ['| a | 1 |'],
      tail: [''],
      priority: 'keep',
    };
    const md = fitSections(
      [table, failingTask('worst', 3, 2), failingTask('next', 2, 2), failingTask('big', 1, 40)],
      1500,
    );
    expect(md).toContain('<summary>worst</summary>');
    expect(md).toContain('<summary>next</summary>');
    expect(md).not.toContain('<summary>big</summary>');
  });
});
