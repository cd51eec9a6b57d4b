/**
 * QA158: Δ printed the minus sign U+2212 (`▼ −0.250`) but the CI beside it, the means, the volatile
 * figures, report.html's drill-down figures and a regression gate's message printed an ASCII
 * hyphen: `▼ −0.250  CI [-0.404, -0.110]`. Every negative figure of the text diff, report.md and
 * report.html now reads `−`; report.json keeps plain numbers.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { fmt } from '../../src/metrics/gate-figures.js';
import { formatFigure, formatMeanCi, formatNumber, formatPercent } from '../../src/reports/format.js';
import { renderHtmlReport } from '../../src/reports/html.js';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

/** A number printed with an ASCII minus: `-0.404` after a space, bracket, bar or tag. */
const ASCII_NEGATIVE = /(?:^|[\s[(|>])-\d/m;

describe('negative figures print the minus sign U+2212 (QA158)', () => {
  it('in the text and Markdown diffs: the CI beside Δ', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const text = renderTextDiff(diff);
    expect(text).toMatch(/▼ −0\.250 +CI \[−0\.\d{3}, −0\.\d{3}\]/);
    expect(text).not.toMatch(ASCII_NEGATIVE);
    const md = renderMarkdownDiff(diff);
    expect(md).toMatch(/\| ▼ −0\.250 \| \[−0\.\d{3}, −0\.\d{3}\] \|/);
    expect(md).not.toMatch(ASCII_NEGATIVE);
  });

  it('in report.md and report.html with a baseline', () => {
    const model = buildModel({ lock: a3RegressedLock(), baseline: baselineLock() });
    expect(renderMarkdownReport(model)).not.toMatch(ASCII_NEGATIVE);
    const html = renderHtmlReport(model);
    const compare = html.slice(
      html.indexOf('<section id="compare">'),
      html.indexOf('</section>', html.indexOf('<section id="compare">')),
    );
    expect(compare).toContain('<td class="num">[−0.');
    expect(compare).not.toMatch(ASCII_NEGATIVE);
  });

  it('in every figure formatter, report.html’s script and gate messages', () => {
    expect(formatNumber(-0.25)).toBe('−0.250');
    expect(formatNumber(-12.345)).toBe('−12.3');
    expect(formatMeanCi(-0.5, [-0.75, -0.25])).toBe('−0.500 [−0.75, −0.25]');
    expect(formatFigure(-5)).toBe('−5');
    expect(formatFigure(-0.000123)).toBe('−0.000123');
    expect(formatPercent(-0.25)).toBe('−25%');
    expect(fmt(-0.4044)).toBe('−0.404');
    expect(fmt(-1e-17)).toBe('0.000');
    const source = /function fixedDecimal\(x, d\) \{[\s\S]*?\n {2}\}/.exec(HTML_SCRIPT)?.[0];
    const fixedDecimal = new Function(`${source}; return fixedDecimal;`)() as (
      x: number,
      d: number,
    ) => string;
    expect(fixedDecimal(-0.25, 3)).toBe('−0.250');
    expect(fixedDecimal(-1e-7, 3)).toBe('0.000');
    expect(fixedDecimal(-1e21, 0)).toBe('−1e+21');
  });
});
