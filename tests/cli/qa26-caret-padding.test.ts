/**
 * QA26: the caret under a diagnostic's excerpt sits under the column a terminal shows, with
 * non-ASCII text to its left (DESIGN §Errors: "each with file:line:col and a caret excerpt").
 * It was padded one space per UTF-16 unit: three cells short after `日本語`, one cell long after
 * a byte order mark, and anywhere after a tab.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { caretPadding } from '../../src/cli/caret-padding.js';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { tempFolder } from '../fixtures/temp-folder.js';

function excerptOf(line: string, col: number): string[] {
  const dir = tempFolder('evalc-qa26-caret-');
  writeFileSync(path.join(dir, 'evalc.yaml'), `${line}\n`);
  const d: Diagnostic = {
    code: 'EVALC_SCHEMA_UNKNOWN_KEY',
    severity: 'error',
    message: 'unknown key `bogus`',
    path: [],
    source: { file: 'evalc.yaml', line: 1, col },
  };
  return renderDiagnostics([d], dir).split('\n').slice(1, 3);
}

describe('caretPadding', () => {
  it('gives wide characters two cells, accents and a byte order mark none, ASCII one, and keeps tabs', () => {
    expect(caretPadding('ab')).toBe('  ');
    expect(caretPadding('日本語')).toBe('      ');
    expect(caretPadding('한글')).toBe('    ');
    expect(caretPadding('😀')).toBe('  ');
    expect(caretPadding('café')).toBe('    ');
    expect(caretPadding('cafe\u0301')).toBe('    ');
    expect(caretPadding('\ufeff')).toBe('');
    expect(caretPadding('a\tb')).toBe(' \t ');
    expect(caretPadding('«»—')).toBe('   ');
  });
});

describe('renderDiagnostics caret', () => {
  it('sits under `bogus` after CJK text and an emoji (column 76 in UTF-16 units)', () => {
    const line = 'benchmark: { description: "日本語 café 😀", id: b, version: 0.1.0, bogus: 1 }';
    const col = line.indexOf('bogus') + 1;
    const [text, caret] = excerptOf(line, col);
    expect(text).toBe(`   1 | ${line}`);
    // 日本語 and 😀 are two cells each: 4 more blanks than UTF-16 units minus the emoji's 2 units.
    expect(caret).toBe(`     | ${' '.repeat(col - 1 - 2 + 3 + 2)}^`);
  });

  it('sits under the first key of a file that starts with a byte order mark', () => {
    const [, caret] = excerptOf('\ufeffevalc: 1', 2);
    expect(caret).toBe('     | ^');
  });

  it('keeps a tab left of the column as a tab, so the caret moves with the text', () => {
    const [, caret] = excerptOf('{"id":"q1",\t"bad": }', 20);
    expect(caret).toBe(`     | ${' '.repeat(11)}\t${' '.repeat(7)}^`);
  });
});
