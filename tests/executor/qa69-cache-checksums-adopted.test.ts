/**
 * QA69: with `steps.crc` deleted (or lost with a CI cache that kept only `steps.log`, or written
 * by an older evalc), every existing entry was read unverified for good: a digit flipped later
 * (`"score":1` read back as 0) was served as a success. A writer that reads entries without a
 * checksum now records theirs, so later damage is caught; a reader (plan, reports) writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa69-crc-adopt-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const key = (c: string) => `k1:${c.repeat(64)}`;

/** Flips c's cached score 1 to 0 in place (same length). */
function flipScore(dir: string): void {
  const log = path.join(dir, 'steps.log');
  const text = readFileSync(log, 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(key('c')))!;
  writeFileSync(log, text.replace(line, line.replace('"score":1', '"score":0')));
}

describe('entries read without a checksum (QA69)', () => {
  it('get one from the next writer, so damage after it is caught', () => {
    const dir = tempDir();
    const first = new LogStore(dir);
    for (const c of 'abcd') first.put(key(c), 'score', { score: 1, pass: true });
    first.close();
    rmSync(path.join(dir, 'steps.crc'));

    // A reader records nothing.
    new LogStore(dir, { readOnly: true }).close();
    expect(() => readFileSync(path.join(dir, 'steps.crc'))).toThrow();

    // A writer (an apply) opens the log and adds one entry.
    const writer = new LogStore(dir);
    writer.put(key('e'), 'score', { score: 0, pass: false });
    writer.close();
    expect(readFileSync(path.join(dir, 'steps.crc'), 'utf8').trim().split('\n')).toHaveLength(5);

    flipScore(dir);
    const reopened = new LogStore(dir);
    expect(reopened.stats()).toMatchObject({ entries: 4, damagedLines: 1, corruptEntries: 1 });
    expect(reopened.get(key('c'))).toBeUndefined();
    for (const c of 'abd') expect(reopened.get(key(c))).toEqual({ score: 1, pass: true });
    expect(reopened.get(key('e'))).toEqual({ score: 0, pass: false });
    reopened.close();
  });

  it('keep the records of the entries that had one, and the damage they already show', () => {
    const dir = tempDir();
    const first = new LogStore(dir);
    for (const c of 'abcd') first.put(key(c), 'score', { score: 1, pass: true });
    first.close();
    // c's score flipped while its record is kept: damaged, and still damaged after a writer's open.
    flipScore(dir);
    const writer = new LogStore(dir);
    expect(writer.stats()).toMatchObject({ entries: 3, corruptEntries: 1 });
    writer.close();
    const again = new LogStore(dir);
    expect(again.stats()).toMatchObject({ entries: 3, corruptEntries: 1 });
    again.close();
  });
});
