/**
 * QA25 (mutation audit): a malformed results row is reported at its line of evalc.lock (one row
 * per line), read in-process — only the CLI test over the built binary checked the line, so a
 * mutant of the line count was not caught. Expected lines are counted here with split('\n').
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLockFile, readLockHeader, serializeLock } from '../../src/lockfile/serialize.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes the fixture lock with results[index].metrics replaced by a string; returns the file and that row's line. */
function brokenLock(index: number): { file: string; line: number } {
  const lock = baselineLock();
  const row = lock.results[index];
  if (!row) throw new Error('fixture row missing');
  const text = serializeLock(lock);
  const lines = text.split('\n');
  const at = lines.findIndex(
    (l) => l.includes(`"example":"${row.example}"`) && l.includes(`"group":"${row.group}"`),
  );
  if (at < 0) throw new Error('row not on one line');
  const broken = (lines[at] as string).replace(/"metrics":\{.*\},"pass"/, '"metrics":"oops","pass"');
  if (broken === lines[at]) throw new Error('row has no metrics before pass');
  lines[at] = broken;
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa25-lock-'));
  dirs.push(dir);
  const file = path.join(dir, 'evalc.lock');
  writeFileSync(file, lines.join('\n'));
  return { file, line: at + 1 };
}

describe('a malformed results row', () => {
  it.each([0, 5])('is reported at its own line of the lockfile (row %i)', (index) => {
    const { file, line } = brokenLock(index);
    const read = readLockFile(file);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toMatch(
      new RegExp(
        `^${file.replace(/[.\\/]/g, '\\$&')}:${line} is not an evalc lockfile: results\\[${index}\\]\\.metrics`,
      ),
    );
  });

  it('is not looked at when only the header is read', () => {
    const { file } = brokenLock(0);
    expect(readLockHeader(file).ok).toBe(true);
  });
});
