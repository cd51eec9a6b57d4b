/** The human view of diagnostics: location, caret excerpt, hint, and a summary line. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { diagnostic } from '../../src/plan/diagnostic.js';
import { writeFiles } from '../compiler/plan-helpers.js';

describe('renderDiagnostics', () => {
  it('prints the source line of a CRLF file without its carriage return', () => {
    const dir = writeFiles({ 'p.yaml': 'evalc: 1\r\nmetircs: []\r\n' });
    const text = renderDiagnostics(
      [
        diagnostic('EVALC_X', 'unknown key', ['metircs'], {
          source: { file: 'p.yaml', line: 2, col: 1 },
          hint: 'fix it',
        }),
      ],
      dir,
    );
    expect(text).toBe(
      'p.yaml:2:1: error EVALC_X: unknown key\n   2 | metircs: []\n     | ^\n  hint: fix it\n1 error, 0 warnings',
    );
  });

  it('prints the row of a CSV file whose rows end with a lone CR, at the line its reader says (QA176)', () => {
    // Excel's "CSV (Macintosh)": the row said at line 3 had no excerpt (the file read as one line).
    const dir = writeFiles({ 'd.csv': 'id,q\r1,"a\r\nb"\r2,x,y\r' });
    const text = renderDiagnostics(
      [diagnostic('EVALC_X', 'ragged', [], { source: { file: 'd.csv', line: 3, col: 1 } })],
      dir,
    );
    expect(text).toBe('d.csv:3:1: error EVALC_X: ragged\n   3 | 2,x,y\n     | ^\n1 error, 0 warnings');
    // Such a line may hold a LF (a quoted one, or rows appended with LF): it is spelt, and the caret
    // stays under its column (QA179: the excerpt ran over three lines, the caret below them).
    const ranOn = renderDiagnostics(
      [diagnostic('EVALC_X', 'ragged', [], { source: { file: 'd.csv', line: 2, col: 6 } })],
      dir,
    );
    expect(ranOn).toBe(
      `d.csv:2:6: error EVALC_X: ragged\n   2 | 1,"a\\u000ab"\n     |           ^\n1 error, 0 warnings`,
    );
  });

  it('prints the row of a CSV file whose CRLF line ends have a CR doubled, as its reader reads it (QA179)', () => {
    // `\r\r\n` (a CRLF file converted once more) is read as CRLF rows: it was split by CR, the row
    // said at line 3 shown as `\u000aq2,x,y`.
    const dir = writeFiles({ 'd.csv': 'id,q\r\r\nq1,a\r\r\nq2,x,y\r\r\n' });
    const text = renderDiagnostics(
      [diagnostic('EVALC_X', 'ragged', [], { source: { file: 'd.csv', line: 3, col: 1 } })],
      dir,
    );
    expect(text).toBe(
      'd.csv:3:1: error EVALC_X: ragged\n   3 | q2,x,y\\u000d\n     | ^\n1 error, 0 warnings',
    );
  });

  it('prints diagnostics without a source, and counts warnings apart from errors', () => {
    const text = renderDiagnostics(
      [
        diagnostic('EVALC_A', 'first', []),
        diagnostic('EVALC_B', 'second', [], {
          severity: 'warning',
          source: { file: 'missing.yaml', line: 3, col: 4 },
        }),
      ],
      path.sep,
    );
    expect(text).toBe('error EVALC_A: first\nmissing.yaml:3:4: warning EVALC_B: second\n1 error, 1 warning');
  });

  it('masks a password written into a URL in the excerpt, keeping the caret under the same place', () => {
    const dir = writeFiles({ 'p.yaml': 'agents: { a1: { url: "http://bob:hunter2@127.0.0.1:9/x" } }\n' });
    const text = renderDiagnostics(
      [
        diagnostic('EVALC_URL_CREDENTIALS', 'credentials in a URL', ['agents', 'a1', 'url'], {
          severity: 'warning',
          source: { file: 'p.yaml', line: 1, col: 46 },
        }),
      ],
      dir,
    );
    expect(text).not.toContain('hunter2');
    expect(text).toContain('   1 | agents: { a1: { url: "http://bob:*******@127.0.0.1:9/x" } }');
    expect(text).toContain(`     | ${' '.repeat(45)}^`);
  });

  it('masks a token written alone as the userinfo of a URL (https://TOKEN@host)', () => {
    const dir = writeFiles({ 'p.yaml': 'agents: { a1: { url: "https://ghp_tok3n@127.0.0.1:9/x" } }\n' });
    const text = renderDiagnostics(
      [
        diagnostic('EVALC_URL_CREDENTIALS', 'credentials in a URL', ['agents', 'a1', 'url'], {
          severity: 'warning',
          source: { file: 'p.yaml', line: 1, col: 23 },
        }),
      ],
      dir,
    );
    expect(text).not.toContain('ghp_tok3n');
    expect(text).toContain('   1 | agents: { a1: { url: "https://*********@127.0.0.1:9/x" } }');
  });
});
