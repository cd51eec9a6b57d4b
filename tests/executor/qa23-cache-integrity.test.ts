/**
 * QA23: an entry damaged in place keeps its length, so the log's own `length` field cannot see it.
 * A flipped digit turned a cached score of 1 into 0 and a later apply served it as a success; a
 * byte that broke the JSON stopped apply with an internal error and a stack trace. Entries are
 * now checked against their CRC-32 in `steps.crc`: a mismatch is skipped and counted (the step
 * runs again), and JSON that does not parse is a miss, never a crash.
 */
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa23-cache-integrity-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const logOf = (dir: string) => path.join(dir, 'steps.log');
const sumsOf = (dir: string) => path.join(dir, 'steps.crc');

/** Overwrites bytes of the log in place (same length), as a disk error or a hand edit would. */
function patchLog(dir: string, from: string, to: string): void {
  expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
  const text = readFileSync(logOf(dir), 'utf8');
  const at = text.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const fd = openSync(logOf(dir), 'r+');
  writeSync(fd, to, Buffer.byteLength(text.slice(0, at)), 'utf8');
  closeSync(fd);
}

function writeThree(dir: string): void {
  const store = new LogStore(dir);
  store.put('k1:a', 'score', { score: 1, pass: true });
  store.put('k1:b', 'score', { score: 1, pass: true });
  store.put('k1:c', 'invoke', { answer: 'CS101' });
  store.close();
}

describe('cache entries damaged in place', () => {
  it('never serves a score whose digit flipped: it is skipped, counted, and the others still count', () => {
    const dir = tempDir();
    writeThree(dir);
    patchLog(dir, 'k1:b\tscore\t23\t{"score":1', 'k1:b\tscore\t23\t{"score":0');
    const store = new LogStore(dir, { readOnly: true });
    expect(store.has('k1:b')).toBe(false);
    expect(store.get('k1:b')).toBeUndefined();
    expect(store.get('k1:a')).toEqual({ score: 1, pass: true });
    expect(store.get('k1:c')).toEqual({ answer: 'CS101' });
    expect(store.stats()).toMatchObject({ entries: 2, damagedLines: 1, corruptEntries: 1 });
    store.close();
  });

  it('serves the step again once it is re-run, and a prune drops the damaged line and keeps checking', () => {
    const dir = tempDir();
    writeThree(dir);
    patchLog(dir, '"answer":"CS101"', '"answer":"CS1O1"');
    const store = new LogStore(dir);
    expect(store.get('k1:c')).toBeUndefined();
    store.put('k1:c', 'invoke', { answer: 'CS101' });
    store.flush();
    expect(store.prune(() => true)).toMatchObject({ kept: 3, removed: 0 });
    store.close();
    // After the prune the kept entries have checksums at their new offsets: damage is still seen.
    patchLog(dir, '"answer":"CS101"', '"answer":"CS1O1"');
    const reopened = new LogStore(dir, { readOnly: true });
    expect(reopened.get('k1:c')).toBeUndefined();
    expect(reopened.get('k1:a')).toEqual({ score: 1, pass: true });
    expect(reopened.stats()).toMatchObject({ entries: 2, corruptEntries: 1 });
    reopened.close();
  });

  it('reads an entry whose JSON no longer parses as a miss, not a crash (a cache written before steps.crc)', () => {
    const dir = tempDir();
    writeThree(dir);
    rmSync(sumsOf(dir));
    patchLog(dir, '"pass":true}\nk1:b', '"pass":true]\nk1:b');
    const store = new LogStore(dir, { readOnly: true });
    expect(store.has('k1:a')).toBe(true); // no checksum: only reading it can tell
    expect(store.get('k1:a')).toBeUndefined();
    expect(store.has('k1:a')).toBe(false);
    expect(store.get('k1:b')).toEqual({ score: 1, pass: true });
    expect(store.stats()).toMatchObject({ entries: 2, damagedLines: 1, corruptEntries: 1 });
    store.close();
  });

  it('writes no side file for a cache it only reads (an up-to-date apply on an older cache writes nothing)', () => {
    const dir = tempDir();
    writeThree(dir);
    rmSync(sumsOf(dir));
    const store = new LogStore(dir);
    expect(store.get('k1:a')).toEqual({ score: 1, pass: true });
    store.close();
    expect(existsSync(sumsOf(dir))).toBe(false);
  });

  it('ignores checksums that describe another log (a side file left by a rewrite it did not follow)', () => {
    const dir = tempDir();
    writeThree(dir);
    const oldSums = readFileSync(sumsOf(dir));
    // Another log with other keys at the very same offsets (an older evalc's prune, a restore).
    rmSync(logOf(dir));
    rmSync(sumsOf(dir));
    const other = new LogStore(dir);
    other.put('k1:x', 'score', { score: 0, pass: false });
    other.put('k1:y', 'score', { score: 0, pass: false });
    other.close();
    writeFileSync(sumsOf(dir), oldSums);
    const store = new LogStore(dir, { readOnly: true });
    expect(store.get('k1:x')).toEqual({ score: 0, pass: false });
    expect(store.get('k1:y')).toEqual({ score: 0, pass: false });
    expect(store.stats()).toMatchObject({ entries: 2, damagedLines: 0 });
    store.close();
  });

  it('drops the checksums of a torn tail, so the entry written at that offset next is checked against its own', () => {
    const dir = tempDir();
    writeThree(dir);
    const log = readFileSync(logOf(dir), 'utf8');
    writeFileSync(logOf(dir), log.slice(0, log.length - 5)); // k1:c torn; its checksum stays in steps.crc
    const store = new LogStore(dir);
    expect(store.has('k1:c')).toBe(false);
    store.put('k1:c', 'invoke', { answer: 'another answer' });
    store.close();
    const reopened = new LogStore(dir, { readOnly: true });
    expect(reopened.get('k1:c')).toEqual({ answer: 'another answer' });
    expect(reopened.stats()).toMatchObject({ entries: 3, damagedLines: 0 });
    reopened.close();
  });

  it('counts bytes per kind as whole lines, so kinds, superseded and damaged bytes add up to the log', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'score', { score: 0 });
    store.put('k1:a', 'score', { score: 1 });
    store.put('k1:b', 'invoke', { answer: 'x' });
    store.close();
    writeFileSync(logOf(dir), `${readFileSync(logOf(dir), 'utf8')}not an entry\n`);
    const reopened = new LogStore(dir, { readOnly: true });
    const stats = reopened.stats();
    expect(stats.byKind).toEqual({
      score: { entries: 1, bytes: Buffer.byteLength('k1:a\tscore\t11\t{"score":1}\n') },
      invoke: { entries: 1, bytes: Buffer.byteLength('k1:b\tinvoke\t14\t{"answer":"x"}\n') },
    });
    const kinds = Object.values(stats.byKind).reduce((sum, k) => sum + k.bytes, 0);
    expect(kinds + stats.supersededBytes + stats.damagedBytes).toBe(stats.bytes);
    expect(stats.supersededBytes).toBe(Buffer.byteLength('k1:a\tscore\t11\t{"score":0}\n'));
    reopened.close();
  });

  it('reads a log whose line ends became CRLF (a copy through git autocrlf), and a prune writes it back with LF', () => {
    const dir = tempDir();
    writeThree(dir);
    writeFileSync(logOf(dir), readFileSync(logOf(dir), 'utf8').replaceAll('\n', '\r\n'));
    const store = new LogStore(dir);
    expect(store.stats()).toMatchObject({ entries: 3, damagedLines: 0, supersededBytes: 0 });
    expect(store.get('k1:b')).toEqual({ score: 1, pass: true });
    store.prune(() => true);
    store.close();
    expect(readFileSync(logOf(dir), 'utf8')).not.toContain('\r');
    const reopened = new LogStore(dir, { readOnly: true });
    expect(reopened.get('k1:c')).toEqual({ answer: 'CS101' });
    reopened.close();
  });
});
