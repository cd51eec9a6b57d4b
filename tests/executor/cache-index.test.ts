/**
 * The cache index (typed arrays behind a key map) and the in-place log loader: entries survive
 * reopening whatever their size (one larger than the read chunk included), later puts win,
 * kinds are reported without reading the entry, and a torn tail is still cut.
 */
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheIndex } from '../../src/executor/cache-index.js';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-cache-index-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('CacheIndex', () => {
  it('grows past its first capacity and keeps the last position of a re-set key', () => {
    const index = new CacheIndex();
    for (let i = 0; i < 5000; i++) index.set(`k${i}`, i * 10, i, i % 2 === 0 ? 'invoke' : 'score');
    index.set('k7', 123, 4, 'extract');
    expect(index.size).toBe(5000);
    expect(index.get('k4999')).toEqual({ offset: 49990, length: 4999, kind: 'score' });
    expect(index.get('k7')).toEqual({ offset: 123, length: 4, kind: 'extract' });
    expect(index.kindOf('k2')).toBe('invoke');
    expect(index.kindOf('nope')).toBeUndefined();
    expect([...index.keys()].slice(0, 3)).toEqual(['k0', 'k1', 'k2']);
  });
});

describe('LogStore loading', () => {
  it('reopens small entries and one larger than the read chunk, with their kinds', () => {
    const dir = tempDir();
    const big = 'x'.repeat(5 * 1024 * 1024);
    const store = new LogStore(dir);
    for (let i = 0; i < 300; i++) store.put(`k1:${i}`, i === 150 ? 'invoke-failed' : 'score', { i });
    store.put('k1:big', 'invoke', { big });
    store.put('k1:after', 'extract', { ok: true, values: { é: '☃' } });
    store.put('k1:3', 'score', { i: 'again' });
    store.close();
    const reopened = new LogStore(dir);
    expect(reopened.stats().entries).toBe(302);
    expect(reopened.get('k1:299')).toEqual({ i: 299 });
    expect(reopened.get<{ big: string }>('k1:big')?.big.length).toBe(big.length);
    expect(reopened.get('k1:after')).toEqual({ ok: true, values: { é: '☃' } });
    expect(reopened.get('k1:3')).toEqual({ i: 'again' });
    expect(reopened.kindOf('k1:150')).toBe('invoke-failed');
    expect(reopened.kindOf('k1:big')).toBe('invoke');
    expect(reopened.stats().recoveredTornBytes).toBe(0);
    reopened.close();
  });

  it('cuts a torn tail after a large entry', () => {
    const dir = tempDir();
    const store = new LogStore(dir);
    store.put('k1:big', 'invoke', { big: 'y'.repeat(4 * 1024 * 1024 + 17) });
    store.put('k1:last', 'score', { score: 1 });
    store.close();
    const file = path.join(dir, 'steps.log');
    const before = statSync(file).size;
    appendFileSync(file, 'k1:torn\tscore\t99\t{"sc');
    const reopened = new LogStore(dir);
    expect(reopened.get('k1:last')).toEqual({ score: 1 });
    expect(reopened.has('k1:torn')).toBe(false);
    expect(reopened.stats().recoveredTornBytes).toBe(21);
    expect(statSync(file).size).toBe(before);
    reopened.close();
  });
});
