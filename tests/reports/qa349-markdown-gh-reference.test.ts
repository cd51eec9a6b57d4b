/**
 * QA349: GitHub links `GH-12` in a comment to issue 12 as it does `#12`, and puts an entry in that
 * issue's timeline. report.md, posted on every CI run, wrote an agent's answer or error saying "fixed
 * in GH-12" as it came (QA47 broke `#12` and `@name` only). It now gets a zero-width space after its
 * `-`, as `#12` does after its `#`; the text reads the same.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { escapeMarkdown } from '../../src/reports/markdown-text.js';
import { a2WorseLock } from '../fixtures/locks/variants.js';

// GitHub's `GH-26` issue reference (its "autolinked references" docs), preceded by no word character.
const REFERENCE = /(?:^|[^A-Za-z0-9_])GH-[0-9]+/i;
const rendered = (markdown: string) =>
  markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&#8203;/g, '\u200b');

describe('report.md keeps GitHub from cross-referencing GH-12', () => {
  it.each(['fixed in GH-12', 'GH-7 again', '(gh-3)', 'see #4 and GH-5'])('%s', (text) => {
    const out = rendered(escapeMarkdown(text));
    expect(out).not.toMatch(REFERENCE);
    expect(out.replace(/\u200b/g, '')).toBe(text);
  });

  it('leaves GH- inside a word, or before no digit, as it is', () => {
    expect(escapeMarkdown('XGH-12 GH-x GH12')).toBe('XGH-12 GH-x GH12');
  });

  it('in an error the Errors table and a failing example quote', () => {
    const lock = a2WorseLock();
    const failed = lock.results.find((r) => r.pass === false)!;
    failed.invoke = ['inv-gh'];
    failed.errors = ['http_500'];
    const trajectories = {
      'inv-gh': { error: { kind: 'http_500', message: 'HTTP 500: known bug, see GH-12' } },
    };
    const md = renderMarkdownReport(buildModel({ lock, trajectories }));
    expect(md).toContain('HTTP 500: known bug, see GH-&#8203;12');
    expect(rendered(md)).not.toMatch(REFERENCE);
  });
});
