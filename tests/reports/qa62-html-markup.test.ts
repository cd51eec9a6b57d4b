/**
 * QA62: report.html is well-formed HTML for a validator (html-validate) and a strict parser:
 * outside its <script> and <style>, every `<` opens a tag, an end tag, a comment or the doctype.
 * The two-run compare wrote a p-value below 0.001 as a raw `<0.001` in a table cell
 * (html-validate: "failed to tokenize"; the HTML spec: invalid-first-character-of-tag-name).
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { buildCourseAdvisorLock, exampleIds } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The `<` characters of markup that are not the start of a tag, end tag, comment or doctype. */
function strayLessThan(html: string): string[] {
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  return [...markup.matchAll(/<(?![A-Za-z]|\/[A-Za-z]|!--|!doctype)/gi)].map((m) =>
    markup.slice(Math.max(0, m.index - 40), m.index + 20),
  );
}

describe('report.html markup', () => {
  it('escapes a p-value below 0.001 in the two-run compare', () => {
    // a1 fails every example it passed: 27 pass → fail flips, exact McNemar p ≈ 1.5e-8.
    const all = [...exampleIds('search', 12), ...exampleIds('details', 9), ...exampleIds('paths', 9)];
    const lock = buildCourseAdvisorLock({ fails: { a1: all } });
    const html = renderReports({ lock, baseline: baselineLock() })['report.html'];
    const compare = html.slice(html.indexOf('<section id="compare">'));
    // The pair has a significant regression whose p is below 0.001 (else this test proves nothing).
    expect(/<td class="num">(<|&lt;) 0\.001<\/td>/.test(compare)).toBe(true);
    expect(strayLessThan(html)).toEqual([]);
  });
});
