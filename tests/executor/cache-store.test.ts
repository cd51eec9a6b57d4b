/**
 * LogStore: the append-only step cache. Coalesced writes must be readable at once, on disk
 * after one event-loop turn (or on close), and a torn tail must be cut without losing the
 * complete entries before it.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-cache-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const logOf = (dir: string) => path.join(dir, 'steps.log');
const turn = () => new Promise((r) => setImmediate(r));

describe('LogStore', () => {
  it('reads back a value put in the same turn, before it reaches the disk', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'invoke', { answer: 'x', n: 1 });
    store.put('k1:b', 'score', { score: 0.5 });
    expect(store.get('k1:a')).toEqual({ answer: 'x', n: 1 });
    expect(store.get('k1:b')).toEqual({ score: 0.5 });
    expect(store.has('k1:b')).toBe(true);
    store.close();
  });

  it('writes the entries of one turn to disk by the next turn, in put order', async () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    for (let i = 0; i < 50; i++) store.put(`k1:${i}`, 'extract', { i });
    await turn();
    await turn();
    const lines = readFileSync(logOf(dir), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(50);
    expect(lines[0]).toBe('k1:0\textract\t7\t{"i":0}');
    expect(lines[49]).toBe('k1:49\textract\t8\t{"i":49}');
    store.close();
  });

  it('flushes pending entries on close and reopens them, later entries for a key winning', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'score', { score: 0 });
    store.put('k1:a', 'score', { score: 1 });
    store.put('k1:é', 'score', { text: 'naïve ✓' });
    store.close();
    const reopened = new LogStore(dir);
    expect(reopened.get('k1:a')).toEqual({ score: 1 });
    expect(reopened.get('k1:é')).toEqual({ text: 'naïve ✓' });
    expect(reopened.stats()).toMatchObject({ entries: 2, recoveredTornBytes: 0 });
    reopened.close();
  });

  it('counts the bytes of superseded entries, which a prune keeping everything frees exactly', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'score', { score: 0 });
    store.put('k1:a', 'score', { score: 1 });
    store.put('k1:é', 'score', { text: 'naïve ✓' });
    store.flush();
    const first = Buffer.byteLength('k1:a\tscore\t11\t{"score":0}\n');
    expect(store.stats()).toMatchObject({ entries: 2, supersededBytes: first });
    const live = (store.lineBytesOf('k1:a') ?? 0) + (store.lineBytesOf('k1:é') ?? 0);
    const pruned = store.prune(() => true);
    expect(pruned).toMatchObject({ kept: 2, removed: 0, bytesAfter: live });
    expect(pruned.bytesBefore - pruned.bytesAfter).toBe(first);
    expect(statSync(logOf(dir)).size).toBe(live);
    expect(store.stats().supersededBytes).toBe(0);
    store.close();
  });

  it('cuts a torn last line on open and keeps appending after the good prefix', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'invoke', { ok: true });
    store.close();
    const good = statSync(logOf(dir)).size;
    appendFileSync(logOf(dir), 'k1:b\tinvoke\t40\t{"tor');
    const reopened = new LogStore(dir);
    expect(reopened.stats()).toMatchObject({ entries: 1, recoveredTornBytes: 20 });
    expect(statSync(logOf(dir)).size).toBe(good);
    reopened.put('k1:c', 'invoke', { after: 1 });
    reopened.close();
    const third = new LogStore(dir);
    expect(third.get('k1:a')).toEqual({ ok: true });
    expect(third.get('k1:c')).toEqual({ after: 1 });
    expect(third.has('k1:b')).toBe(false);
    third.close();
  });

  it('skips a damaged line in the middle, keeps the entries after it, and still appends', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:a', 'invoke', { n: 1 });
    store.close();
    // A complete line whose length field is wrong (a disk error, a hand edit), then a good entry.
    appendFileSync(logOf(dir), 'k1:b\tinvoke\t99\t{"n":2}\nk1:c\tinvoke\t7\t{"n":3}\n');
    const size = statSync(logOf(dir)).size;
    const reopened = new LogStore(dir);
    expect(reopened.stats()).toMatchObject({ entries: 2, damagedLines: 1, recoveredTornBytes: 0 });
    expect(statSync(logOf(dir)).size).toBe(size);
    expect(reopened.get('k1:c')).toEqual({ n: 3 });
    expect(reopened.has('k1:b')).toBe(false);
    reopened.put('k1:d', 'invoke', { n: 4 });
    reopened.close();
    const third = new LogStore(dir);
    expect([third.get('k1:a'), third.get('k1:c'), third.get('k1:d')]).toEqual([{ n: 1 }, { n: 3 }, { n: 4 }]);
    third.close();
  });

  it('reads every entry back across read windows, in log order, reverse order, and large ones', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 3000; i++)
      store.put(`k1:${i}`, 'invoke', { i, pad: 'p'.repeat(i % 97), ...(i === 1500 ? { big } : {}) });
    store.close();
    const reopened = new LogStore(dir);
    const expected = (i: number) => ({ i, pad: 'p'.repeat(i % 97), ...(i === 1500 ? { big } : {}) });
    for (let i = 0; i < 3000; i++) expect(reopened.get(`k1:${i}`)).toEqual(expected(i));
    for (let i = 2999; i >= 0; i -= 7) expect(reopened.get(`k1:${i}`)).toEqual(expected(i));
    // A put after reads is visible, and entries written later than a read window are not stale.
    reopened.put('k1:0', 'invoke', { i: -1 });
    expect(reopened.get('k1:0')).toEqual({ i: -1 });
    expect(reopened.get('k1:1')).toEqual(expected(1));
    reopened.close();
  });

  it('prunes pending entries too', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:keep', 'score', { s: 1 });
    store.put('k1:drop', 'score', { s: 0 });
    const result = store.prune((k) => k === 'k1:keep');
    expect(result).toMatchObject({ kept: 1, removed: 1 });
    store.put('k1:new', 'score', { s: 2 });
    store.close();
    const reopened = new LogStore(dir);
    expect([...reopened.keys()].sort()).toEqual(['k1:keep', 'k1:new']);
    expect(reopened.get('k1:new')).toEqual({ s: 2 });
    reopened.close();
  });
});
