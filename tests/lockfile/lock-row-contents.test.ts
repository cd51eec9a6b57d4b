/**
 * Rows a hand edit can leave that evalc never writes (QA38 left them open: `plan` said "No
 * changes" over them): a second row for an example, a row naming no group of the lock, and a score
 * outside [0, 1]. Each is a one-line error at the row's line, as a malformed row already was.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLockFile, serializeLock } from '../../src/lockfile/serialize.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function read(lock: Lockfile): { message: string; lines: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-lock-rows-'));
  dirs.push(dir);
  const file = path.join(dir, 'evalc.lock');
  const text = serializeLock(lock);
  writeFileSync(file, text);
  const result = readLockFile(file);
  if (result.ok) throw new Error('read as a lockfile');
  return { message: result.message.slice(file.length), lines: text.split('\n') };
}

function lineOf(lines: string[], index: number, lock: Lockfile): number {
  const row = lock.results[index]!;
  const first = lines.findIndex(
    (l) => l.includes(`"example":"${row.example}"`) && l.includes(`"group":"${row.group}"`),
  );
  const rowsBefore = lock.results
    .slice(0, index)
    .filter((r) => r.example === row.example && r.group === row.group).length;
  return first + 1 + rowsBefore;
}

describe('lockfile rows', () => {
  it('the fixture lock itself reads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-lock-rows-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'evalc.lock'), serializeLock(baselineLock()));
    expect(readLockFile(path.join(dir, 'evalc.lock')).ok).toBe(true);
  });

  it('a second row for an example is refused at its line', () => {
    const lock = baselineLock();
    lock.results.splice(3, 0, structuredClone(lock.results[2]!));
    const { message, lines } = read(lock);
    const row = lock.results[3]!;
    expect(message).toBe(
      `:${lineOf(lines, 3, lock)} is not an evalc lockfile: results[3]: a second row for example "${row.example}" of group "${row.group}" (restore it from git, or delete it and run \`evalc apply\` to re-create it)`,
    );
  });

  it('a row naming no group of the lock is refused', () => {
    const lock = baselineLock();
    lock.results[1] = { ...lock.results[1]!, group: 'a9/t/d' };
    expect(read(lock).message).toMatch(
      /^:\d+ is not an evalc lockfile: results\[1\]\.group: "a9\/t\/d" is no group of this lockfile/,
    );
  });

  it('a score outside [0, 1] is refused', () => {
    const lock = baselineLock();
    const row = lock.results[0]!;
    const id = Object.keys(row.metrics)[0]!;
    row.metrics[id] = { ...row.metrics[id]!, score: 1.5 };
    expect(read(lock).message).toMatch(
      new RegExp(
        `^:\\d+ is not an evalc lockfile: results\\[0\\]\\.metrics\\.${id}\\.score: expected a score in \\[0, 1\\] or null, got the number 1.5`,
      ),
    );
  });
});
