/**
 * QA357: e0e53590 broke `GH-12` in data escapeMarkdown writes, but a task's folded heading, report.md's
 * `<details><summary>gh-12 — 36 results, 8 failing</summary>`, is inline HTML escaped as HTML only:
 * a task named after the issue it guards cross-referenced that issue from every CI run's comment.
 */
import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { escapeHtmlText } from '../../src/reports/markdown-text.js';
import { a2WorseLock } from '../fixtures/locks/variants.js';

const renamed = (lock: Lockfile, task: string): Lockfile =>
  JSON.parse(
    JSON.stringify(lock)
      .replaceAll('"search"', `"${task}"`)
      .replaceAll('/search/', `/${task}/`)
      .replaceAll('task/search', `task/${task}`)
      .replaceAll('"search/', `"${task}/`),
  );

describe('a task named like an issue reference, in its report.md heading', () => {
  it('gets a zero-width space after GH-', () => {
    const md = renderMarkdownReport(buildModel({ lock: renamed(a2WorseLock(), 'gh-12') }));
    expect(md).toMatch(/<summary>gh-&#8203;12 — \d+ results, \d+ failing<\/summary>/);
    expect(md).not.toMatch(/<summary>gh-12/i);
  });

  it('leaves HTML entities whole', () => {
    expect(escapeHtmlText("it's #3 @me GH-4")).toBe('it&#39;s #&#8203;3 @&#8203;me GH-&#8203;4');
  });
});
