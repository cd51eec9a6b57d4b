/**
 * QA69: a byte flipped in an entry's key (same length, still hex) made the line an entry of a
 * key nobody asks for: the real key was missing, its step ran again (an agent call) and nothing
 * said why — `cache stats` counted no damage. The line's `steps.crc` record (same offset) names
 * the real key; when the next line matches its own record, the key is what changed, and the line
 * is skipped and counted as damaged. Records of another log (a prune interrupted between its two
 * renames leaves the new log beside the old side file) shift every line after the first dropped
 * one, so no next line matches: those lines are read unverified, as before, never condemned.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa69-cache-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const key = (c: string) => `k1:${c.repeat(64)}`;

/** Five score entries of one length, a…e, written and closed. */
function fiveScores(dir: string): void {
  const store = new LogStore(dir);
  for (const c of 'abcde') store.put(key(c), 'score', { score: 1, pass: true });
  store.close();
}

describe('a damaged key in the step log (QA69)', () => {
  it('is skipped and counted; the entries around it are served', () => {
    const dir = tempDir();
    fiveScores(dir);
    const log = path.join(dir, 'steps.log');
    // c's key: its last hex digit 'c' becomes 'd' (still a well-formed key of another step).
    const text = readFileSync(log, 'utf8');
    writeFileSync(log, text.replace(`${key('c')}\t`, `${'k1:'}${'c'.repeat(63)}d\t`));
    const store = new LogStore(dir);
    expect(store.stats()).toMatchObject({ entries: 4, damagedLines: 1, corruptEntries: 1 });
    expect(store.has(key('c'))).toBe(false);
    expect(store.has(`k1:${'c'.repeat(63)}d`)).toBe(false);
    for (const c of 'abde') expect(store.get(key(c))).toEqual({ score: 1, pass: true });
    store.close();
  });

  it('is not condemned when the side file is another log’s: a prune cut between its renames', () => {
    const dir = tempDir();
    fiveScores(dir);
    const log = path.join(dir, 'steps.log');
    const oldSums = path.join(dir, 'old.crc');
    copyFileSync(path.join(dir, 'steps.crc'), oldSums);
    // The prune's new log (b dropped) renamed over the old one; the old steps.crc stays.
    const store = new LogStore(dir);
    store.prune((k) => k !== key('b'));
    store.close();
    copyFileSync(oldSums, path.join(dir, 'steps.crc'));
    rmSync(oldSums);
    expect(readFileSync(log, 'utf8').split('\n')).toHaveLength(5);
    const reopened = new LogStore(dir);
    expect(reopened.stats()).toMatchObject({ entries: 4, damagedLines: 0, corruptEntries: 0 });
    for (const c of 'acde') expect(reopened.get(key(c))).toEqual({ score: 1, pass: true });
    reopened.close();
  });
});
