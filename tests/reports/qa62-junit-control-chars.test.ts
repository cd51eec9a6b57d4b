/**
 * QA62: junit.xml shows control characters from datasets and agents the way report.md does
 * (`\u001b`), never raw: a bidirectional override (U+202E) in an example id displayed the rest of
 * the testcase name reversed in a CI test viewer, and C0 controls (ESC, NUL) became U+FFFD, so a
 * reader could not tell what the agent sent. A lone surrogate, which XML cannot hold at all, is
 * still U+FFFD (the noncharacter U+FFFE is spelled `\ufffe`, QA261), and tab/newline/carriage
 * return stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { escapeXml } from '../../src/reports/junit.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict } from './junit-schema.js';

describe('junit.xml and control characters', () => {
  it('spells C0/C1 controls and bidi controls as \\uXXXX, keeps tab and newlines', () => {
    expect(escapeXml('bidi \u202e evil', false)).toBe('bidi \\u202e evil');
    expect(escapeXml('esc \u001b[31m nul \u0000 c1 \u0085', false)).toBe(
      'esc \\u001b[31m nul \\u0000 c1 \\u0085',
    );
    expect(escapeXml('a\tb\nc\r\nd', false)).toBe('a\tb\nc\r\nd');
    expect(escapeXml('lone \ud800 nonchar \ufffe', false)).toBe('lone \ufffd nonchar \\ufffe');
  });

  it('writes an example id holding U+202E into a testcase name that does not reorder the line', () => {
    const lock = baselineLock();
    const row = lock.results[0]!;
    row.example = `evil\u202e · tail`;
    const xml = renderReports({ lock })['junit.xml'];
    expect(xml).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const names = parseXmlStrict(xml).children.flatMap((s) => s.children.map((c) => c.attributes.name));
    expect(names.some((n) => n?.startsWith('evil\\u202e · tail · '))).toBe(true);
  });
});
