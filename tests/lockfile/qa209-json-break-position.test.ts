/**
 * QA209: a lockfile whose JSON breaks where V8 names no position was named by file alone, though
 * every other JSON error is named at `file:line:col` (QA47): a trailing comma left after deleting
 * the last results row by hand (`Unexpected token ']', …`), and a lock cut short after a comma or
 * a brace (`Unexpected end of JSON input`; f12e84a's 'cut short' case). Both are named at their line now;
 * so is an empty lock (0 bytes), which was told no way out either. A file that is no lock (a token
 * named by mistake) is no longer quoted: V8's quote printed its first ten characters.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonBreakOffset } from '../../src/lockfile/json-break.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { sharedTempFolder } from '../fixtures/temp-folder.js';

const LOCK = readFileSync(path.join(__dirname, '../fixtures/locks/course-advisor.lock'), 'utf8');

describe('a lockfile whose JSON breaks where V8 names no position (QA209)', () => {
  const dir = sharedTempFolder('evalc-qa209-json-break-');
  const messageOf = (text: string) => {
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, text);
    const read = readLockFile(file);
    return read.ok ? '' : read.message;
  };
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

  it('names the line of a trailing comma after the last row', () => {
    const end = LOCK.lastIndexOf('}\n  ]');
    const text = `${LOCK.slice(0, end)}},${LOCK.slice(end + 1)}`;
    expect(text.slice(end - 30, end + 8)).toMatch(/"weight":1\},\n {2}\]/);
    const line = lineOf(text, '},\n  ]') + 1;
    expect(messageOf(text)).toMatch(
      new RegExp(`evalc\\.lock:${line}:3 is not valid JSON: Unexpected token '\\]' \\(restore it from git`),
    );
  });

  it('names where a lock cut short after a row ends', () => {
    const text = LOCK.slice(0, LOCK.indexOf('},\n', LOCK.indexOf('"results"')) + 3);
    const line = text.split('\n').length;
    expect(messageOf(text)).toMatch(
      new RegExp(
        `evalc\\.lock:${line}:1 is not valid JSON: Unexpected end of JSON input \\(restore it from git`,
      ),
    );
  });

  it('names an empty lock at its start, with the way out', () => {
    for (const [text, at] of [
      ['', '1:1'],
      ['\n', '2:1'],
    ] as const)
      expect(messageOf(text)).toMatch(
        new RegExp(
          `evalc\\.lock:${at} is not valid JSON: Unexpected end of JSON input \\(restore it from git`,
        ),
      );
  });

  it("does not quote a file that is no lock (a token file's first characters)", () => {
    const file = path.join(dir, 'token.txt');
    writeFileSync(file, 'sk-proj-abcdefghijklmnop\u2028\n');
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toBe(`${file} is not valid JSON: Unexpected token 's'`);
  });

  it('reads JSON as JSON.parse does', () => {
    for (const [text, at] of [
      ['[1,]', 3],
      ['{"a":tru}', 5],
      ['{}x', 2],
      ['{"a":', 5],
      ['\uFEFF{"a":[1,{"b":"\\u00e9"}]}', undefined],
    ] as const)
      expect(jsonBreakOffset(text)).toBe(at);
    expect(jsonBreakOffset(LOCK)).toBeUndefined();
  });
});
