/**
 * QA47: a lockfile that is not JSON was named by character offset ("in JSON at position 48213"),
 * though every other lockfile problem is named at its line; and the most common broken lock — one
 * two branches changed, holding git's conflict markers after a merge — got the same bare JSON
 * error. It is now `file:line:col`, and conflict markers are named with what to do.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockFile } from '../../src/lockfile/serialize.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa47-lock-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lockText = readFileSync(path.join(__dirname, '../fixtures/locks/course-advisor.lock'), 'utf8');

function messageOf(text: string): string {
  const file = path.join(dir, 'evalc.lock');
  writeFileSync(file, text);
  const read = readLockFile(file);
  if (read.ok) throw new Error('read a broken lockfile');
  return read.message;
}

describe('a lockfile that is not JSON is named at its line (QA47)', () => {
  it('names the line and column of a syntax error', () => {
    const lines = lockText.split('\n');
    lines[9] = `${lines[9]},,`; // line 10
    const message = messageOf(lines.join('\n'));
    expect(message).toMatch(/evalc\.lock:10:\d+ is not valid JSON: /);
    expect(message).not.toContain('position');
  });

  it('names git conflict markers, at the line of the first, and says what to do', () => {
    const lines = lockText.split('\n');
    lines.splice(20, 1, '<<<<<<< HEAD', lines[20] ?? '', '=======', `${lines[20]} `, '>>>>>>> feature');
    const message = messageOf(lines.join('\n'));
    expect(message).toMatch(/evalc\.lock:21 has git merge conflict markers \(<<<<<<<\): /);
    expect(message).toContain('evalc apply');
  });
});
