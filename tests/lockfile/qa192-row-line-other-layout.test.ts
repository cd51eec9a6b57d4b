/**
 * QA192: a shape problem in a results row is named at the row's line, the layout evalc writes
 * having one row per line. A lock pretty-printed by another tool (`jq . evalc.lock`, an editor's
 * JSON formatter: one field per line) was given the line that layout would have, a line inside
 * another row ('evalc.lock:2477 … results[3].invoke' for a field on line 2705). Such a lock is
 * named without a line; the path names the field.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa192-row-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');

function brokenRow(): Record<string, unknown> {
  const lock = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { results: Record<string, unknown>[] };
  (lock.results[2] as Record<string, unknown>).invoke = null;
  return lock;
}

describe('a broken results row (QA192)', () => {
  it('is named without a line in a lock laid out one field per line', () => {
    const file = path.join(dir, 'pretty.lock');
    writeFileSync(file, JSON.stringify(brokenRow(), null, 2));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain(
      `${file} is not an evalc lockfile: results[2].invoke: expected a list, got null`,
    );
  });

  it("is named at its line in evalc's layout", () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const at = lines.indexOf('  "results": [') + 3; // row 2, 0-based line index
    const row = JSON.parse((lines[at] as string).replace(/,$/, '')) as Record<string, unknown>;
    row.invoke = null;
    lines[at] = `    ${JSON.stringify(row)},`;
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, lines.join('\n'));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain(
      `${file}:${at + 1} is not an evalc lockfile: results[2].invoke: expected a list, got null`,
    );
  });
});

describe('a broken results row below a row spread over lines (QA197)', () => {
  it('is named without a line, not at the line of another row', () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const open = lines.indexOf('  "results": [');
    const row = JSON.parse((lines[open + 11] as string).replace(/,$/, '')) as Record<string, unknown>;
    row.invoke = null;
    lines[open + 11] = `    ${JSON.stringify(row)},`;
    // row 0 spread over three lines by hand: the line evalc's layout gives row 10 holds row 8
    const r0 = lines[open + 1] as string;
    const [i1, i2] = [r0.indexOf(','), r0.indexOf(',', r0.indexOf(',') + 1)];
    lines[open + 1] = `${r0.slice(0, i1 + 1)}\n      ${r0.slice(i1 + 1, i2 + 1)}\n      ${r0.slice(i2 + 1)}`;
    expect(lines.join('\n').split('\n')[open + 11]).toMatch(/^ {4}\{"example":"e8",/);
    const file = path.join(dir, 'spread.lock');
    writeFileSync(file, lines.join('\n'));
    const read = readLockFile(file);
    const message = read.ok ? '' : read.message;
    expect(message).toContain(
      `${file} is not an evalc lockfile: results[10].invoke: expected a list, got null`,
    );
    expect(read.ok).toBe(false);
  });
});

describe('a broken results row below two rows joined on one line (QA200)', () => {
  it('is named without a line, not at the line of the row after it', () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const open = lines.indexOf('  "results": [');
    const row = JSON.parse((lines[open + 11] as string).replace(/,$/, '')) as Record<string, unknown>;
    row.invoke = null;
    lines[open + 11] = `    ${JSON.stringify(row)},`;
    // rows 0 and 1 joined by hand: the line evalc's layout gives row 10 holds row 11
    lines.splice(open + 1, 2, `${lines[open + 1]}${(lines[open + 2] as string).trim()}`);
    expect(lines[open + 11]).toMatch(/^ {4}\{"example":"e11",/);
    const file = path.join(dir, 'joined.lock');
    writeFileSync(file, lines.join('\n'));
    const read = readLockFile(file);
    const message = read.ok ? '' : read.message;
    expect(message).toContain(
      `${file} is not an evalc lockfile: results[10].invoke: expected a list, got null`,
    );
    expect(read.ok).toBe(false);
  });
});
