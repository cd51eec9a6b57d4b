/**
 * A flow mapping left open (`- { type: exact_match, candidate: codes` with no `}`) was reported at
 * the start of the next line, which is fine ("Flow map in block collection must be sufficiently
 * indented and end with a }"). The diagnostic now points at the `{` that needs its `}` (QA101).
 *
 * Review of 02d9764 (QA105): an unclosed flow collection is named at its `{`/`[`, but when the YAML
 * reader stopped on that same line (`benchmark: { id: x, version: 1.0.0 ]`, or a `[` closed with `}`)
 * the message said "this `{` has no `}` before line 2, which is not indented under it" of line 2
 * itself, about an indentation that is fine. It now names the closer found on that line.
 *
 * Review of 9f44789 (QA109): a flow mapping spread over indented lines and closed with the wrong
 * bracket on a later line (`benchmark: {` … `  version: 1.0.0 ]`) was told "this `{` has no `}`
 * before line 4, which is not indented under it" of line 4, which is indented: the same wrong
 * advice 9f44789 fixed for the opener's own line. It names what it found, and where.
 *
 * Review of cfea07b (QA110): a flow collection never closed before the end of the file was told
 * "this `[` has no `]` before line 7, which is not indented under it" of a line the file does not
 * have (6 lines): the advice for a next line that lacks indent. It now says the file ends first.
 * And an unterminated quote inside a flow collection swallows its closer: the quote is what needs
 * fixing, so the reader's "Missing closing quote" leads, not advice on indentation (as 900abe8).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-flow-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  hint?: string;
  source?: { line: number; col: number };
}

function validate(name: string, lines: string[]): { code: number; diagnostics: Diag[] } {
  return validateText(name, `${lines.join('\n')}\n`);
}

function validateText(name: string, text: string): { code: number; diagnostics: Diag[] } {
  const file = path.join(work, name);
  writeFileSync(file, text);
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics,
  };
}

/** `validate`, which must exit 65; its EVALC_YAML_SYNTAX diagnostics. */
function syntaxErrors(name: string, lines: string[]): Diag[] {
  return syntaxErrorsIn(name, `${lines.join('\n')}\n`);
}

/** `syntaxErrors` of a file's whole text. */
function syntaxErrorsIn(name: string, text: string): Diag[] {
  const result = validateText(name, text);
  expect(result.code).toBe(65);
  return result.diagnostics.filter((d) => d.code === 'EVALC_YAML_SYNTAX');
}

describe('an unclosed flow collection', () => {
  it('is reported at its `{`, naming the `}` to add', () => {
    const result = validate('metric.yaml', [
      'evalc: 1',
      'benchmark: { id: b }',
      'tasks:',
      '  t:',
      '    metrics:',
      '      - { type: exact_match, candidate: codes',
      '      - { type: judge, judge: j }',
    ]);
    expect(result.code).toBe(65);
    const d = result.diagnostics.find((x) => x.code === 'EVALC_YAML_SYNTAX');
    expect(d?.source).toEqual(expect.objectContaining({ line: 6, col: 9 }));
    expect(d?.message).toContain('this `{` has no `}` before line 7');
    expect(d?.hint).toContain('close it with `}`');
  });

  it('a flow sequence too, at its `[`', () => {
    const result = validate('seq.yaml', [
      'evalc: 1',
      'benchmark: { id: b }',
      'include: [a.yaml, b.yaml',
      'tasks: {}',
    ]);
    expect(result.code).toBe(65);
    const d = result.diagnostics.find((x) => x.code === 'EVALC_YAML_SYNTAX');
    expect(d?.source).toEqual(expect.objectContaining({ line: 3, col: 10 }));
    expect(d?.message).toContain('this `[` has no `]` before line 4');
  });
});

describe('a flow collection closed with the wrong bracket on its own line', () => {
  it('names the bracket found, not a next line', () => {
    const [d, ...rest] = syntaxErrors('wrong-close.yaml', [
      'evalc: 1',
      'benchmark: { id: x, version: 1.0.0 ]',
      'tasks: {}',
    ]);
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 2, col: 12 }));
    expect(d?.message).toBe(
      'this `{` has no `}`: `]` at column 36 cannot close it (a flow mapping ends with `}`)',
    );
    expect(d?.hint).toBe('close it with `}`');
  });

  it('a `[` closed by `}` in a metric', () => {
    const diags = syntaxErrors('seq-in-map.yaml', [
      'evalc: 1',
      'benchmark: { id: x, version: 1.0.0 }',
      'tasks:',
      '  t:',
      '    metrics:',
      '      - { type: contains, candidate: answer, value: [ok, fine }',
      '      - { type: exact_match, candidate: answer }',
    ]);
    const seq = diags.find((d) => d.message.startsWith('this `['));
    expect(seq?.source).toEqual(expect.objectContaining({ line: 6, col: 53 }));
    expect(seq?.message).toContain('`}` at column 63 cannot close it');
    for (const d of diags) expect(d.message).not.toMatch(/before line 6\b/);
  });

  it('a `{` whose next line is not indented keeps its message', () => {
    const [d] = syntaxErrors('next-line.yaml', ['evalc: 1', 'benchmark: { id: x', 'tasks: {}']);
    expect(d?.message).toContain('this `{` has no `}` before line 3');
  });
});

describe('a flow collection closed with the wrong bracket on a later, indented line', () => {
  it('names the bracket and its line, not an indentation', () => {
    const [d, ...rest] = syntaxErrors('later-line.yaml', [
      'evalc: 1',
      'benchmark: {',
      '  id: x,',
      '  version: 1.0.0 ]',
      'tasks: {}',
    ]);
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 2, col: 12 }));
    expect(d?.message).toBe(
      'this `{` has no `}`: `]` at line 4, column 18 cannot close it (a flow mapping ends with `}`)',
    );
    expect(d?.hint).toBe('close it with `}`');
  });

  it('a next line that is not indented keeps its message', () => {
    const [d] = syntaxErrors('not-indented.yaml', ['evalc: 1', 'benchmark: {', '  id: x,', 'tasks: {}']);
    expect(d?.message).toContain('this `{` has no `}` before line 4, which is not indented under it');
  });
});

const seqToEof = [
  'evalc: 1',
  'benchmark: { id: x, version: 1.0.0 }',
  'tasks:',
  '  t:',
  '    metrics: [',
  '      { type: contains, candidate: answer, value: ok }',
];

describe('a flow collection still open at the end of the file', () => {
  it('a `[` says the file ends before its `]`, not a line that does not exist', () => {
    const [d, ...rest] = syntaxErrorsIn('seq-eof.yaml', `${seqToEof.join('\n')}\n`);
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 5, col: 14 }));
    expect(d?.message).toBe('this `[` has no `]`: the file ends before one (a flow sequence ends with `]`)');
    expect(d?.hint).toBe('close it with `]`');
  });

  it('a `{` spread over indented lines, with trailing blank and comment lines', () => {
    const [d, ...rest] = syntaxErrorsIn(
      'map-eof.yaml',
      'evalc: 1\nbenchmark: {\n  id: x,\n  version: 1.0.0\n\n# the end\n',
    );
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 2, col: 12 }));
    expect(d?.message).toBe('this `{` has no `}`: the file ends before one (a flow mapping ends with `}`)');
  });

  it('a next line that is not indented keeps its message', () => {
    const [d] = syntaxErrorsIn(
      'next-line-eof.yaml',
      'evalc: 1\nbenchmark: {\n  id: x,\n  version: 1.0.0\ntasks: {}\n',
    );
    expect(d?.message).toContain('this `{` has no `}` before line 5, which is not indented under it');
  });
});

describe('an unterminated quote inside a flow collection', () => {
  it('names the quote first, without advice on indentation', () => {
    const diags = syntaxErrorsIn(
      'quote.yaml',
      'evalc: 1\nbenchmark: { id: "x, version: 1.0.0 }\ntasks: {}\n',
    );
    // QA117: the message names the quote where it opened, the reader's words in parentheses.
    expect(diags[0]?.message).toContain('Missing closing "quote');
    for (const d of diags) expect(d.message).not.toContain('not indented under it');
  });
});
