/**
 * QA157: 1ce6c1d made one paired example read "1 paired example" in the text, Markdown and HTML
 * summaries of a comparison, but report.html's line beside it still read "1 significant
 * regressions" and "1 improvements" (report.md and the text diff count them right). Its test
 * checked text and Markdown only; this one reads report.html's comparison line.
 */
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reports/html.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { shownDeltas } from '../../src/reports/markdown-diff.js';
import { a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';

function compareLine(counts: { regressions: number; improvements: number; paired: number }): string {
  const model = buildModel({ lock: a3RegressedLock(), baseline: baselineLock() });
  const diff = model.diff!;
  diff.summary.regressions = counts.regressions;
  diff.summary.improvements = counts.improvements;
  // `paired` counts agent × example rows; `pairedIds` (QA158) the examples the line counts
  Object.assign(diff.examples, { paired: counts.paired, pairedIds: counts.paired });
  const html = renderHtmlReport(model);
  const start = html.indexOf('<section id="compare">');
  return html.slice(html.indexOf('<p>', start), html.indexOf('</p>', start));
}

describe("report.html's comparison line counts one of a kind in the singular (QA157)", () => {
  it('one regression, one improvement, one paired example', () => {
    const line = compareLine({ regressions: 1, improvements: 1, paired: 1 });
    expect(line).toContain('>1 significant regression</span>');
    expect(line).toContain(' · 1 improvement · ');
    expect(line).toContain(' · 1 paired example (α = ');
  });

  it('two of each: plural', () => {
    const line = compareLine({ regressions: 2, improvements: 2, paired: 2 });
    expect(line).toContain('>2 significant regressions</span>');
    expect(line).toContain(' · 2 improvements · ');
    expect(line).toContain(' · 2 paired examples (α = ');
  });
});

describe('one aggregate the comparison table leaves out reads "1 other aggregate not shown" (QA157)', () => {
  it('in report.html and report.md', () => {
    const model = buildModel({ lock: a3RegressedLock(), baseline: baselineLock() });
    const diff = model.diff!;
    const shown = shownDeltas(diff);
    const hidden = diff.aggregates.find((d) => !shown.includes(d))!;
    diff.aggregates = [...shown, hidden];
    expect(renderHtmlReport(model)).toContain(
      '>1 other aggregate not shown (unchanged, or the same as their task).<',
    );
    expect(renderMarkdownReport(model)).toContain(
      '_1 other aggregate not shown (unchanged, or the same as their task',
    );
  });
});
