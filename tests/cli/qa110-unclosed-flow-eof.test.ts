/**
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

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa110-flow-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  hint?: string;
  source?: { line: number; col: number };
}

function syntaxErrors(name: string, text: string): Diag[] {
  const file = path.join(work, name);
  writeFileSync(file, text);
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics.filter(
    (d) => d.code === 'EVALC_YAML_SYNTAX',
  );
}

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
    const [d, ...rest] = syntaxErrors('seq-eof.yaml', `${seqToEof.join('\n')}\n`);
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 5, col: 14 }));
    expect(d?.message).toBe('this `[` has no `]`: the file ends before one (a flow sequence ends with `]`)');
    expect(d?.hint).toBe('close it with `]`');
  });

  it('a `{` spread over indented lines, with trailing blank and comment lines', () => {
    const [d, ...rest] = syntaxErrors(
      'map-eof.yaml',
      'evalc: 1\nbenchmark: {\n  id: x,\n  version: 1.0.0\n\n# the end\n',
    );
    expect(rest).toEqual([]);
    expect(d?.source).toEqual(expect.objectContaining({ line: 2, col: 12 }));
    expect(d?.message).toBe('this `{` has no `}`: the file ends before one (a flow mapping ends with `}`)');
  });

  it('a next line that is not indented keeps its message', () => {
    const [d] = syntaxErrors(
      'next-line.yaml',
      'evalc: 1\nbenchmark: {\n  id: x,\n  version: 1.0.0\ntasks: {}\n',
    );
    expect(d?.message).toContain('this `{` has no `}` before line 5, which is not indented under it');
  });
});

describe('an unterminated quote inside a flow collection', () => {
  it('names the quote first, without advice on indentation', () => {
    const diags = syntaxErrors('quote.yaml', 'evalc: 1\nbenchmark: { id: "x, version: 1.0.0 }\ntasks: {}\n');
    expect(diags[0]?.message).toMatch(/^Missing closing "quote/);
    for (const d of diags) expect(d.message).not.toContain('not indented under it');
  });
});
