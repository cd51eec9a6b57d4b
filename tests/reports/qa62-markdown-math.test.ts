/**
 * QA62: GitHub renders `$…$` in a comment as LaTeX math, so an agent answer or an example id such
 * as `$x$ math` or `costs $5/$10` lost its dollar signs and was typeset in report.md. escapeMarkdown
 * now writes `\$` (a CommonMark escape that every renderer shows as `$`; GitHub's documented way
 * to keep a dollar sign out of math).
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { escapeMarkdown } from '../../src/reports/markdown-text.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** A `$` GitHub could take as a math delimiter: one not preceded by a backslash. */
const BARE_DOLLAR = /(^|[^\\])\$/;

describe('report.md and GitHub math', () => {
  it('escapes every dollar sign of data', () => {
    expect(escapeMarkdown('$x$ math, costs $5/$10, $$a$$')).toBe(
      '\\$x\\$ math, costs \\$5/\\$10, \\$\\$a\\$\\$',
    );
  });

  it('shows a failing example whose id holds $…$ with escaped dollars', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.pass === false)!;
    row.example = '$x$ math';
    const md = renderReports({ lock })['report.md'];
    const line = md.split('\n').find((l) => l.includes('x\\$ math'));
    expect(line).toBeDefined();
    expect(BARE_DOLLAR.test(line ?? '')).toBe(false);
  });
});
