/**
 * An apply's step log keeps the invoke and extract records it writes (bounded) so the reports'
 * read-back takes them without reading the log: what is recalled must be exactly what `get`
 * would read, never a superseded or unwritten value, and a report built from recalled records
 * must equal one built from the log alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { derivedKeyText, keyOf } from '../../src/compiler/content-key.js';
import { CODE_VERSIONS } from '../../src/compiler/step-keys.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { RECALLED_RECORDS, reportSources } from '../../src/executor/trajectories.js';
import type { Lockfile } from '../../src/lockfile/types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-recall-'));
  dirs.push(dir);
  return dir;
}
const limits = (maxEntries: number, maxBytes = 1 << 20) => ({
  kinds: ['invoke', 'extract'],
  maxEntries,
  maxBytes,
});

describe('LogStore.recall', () => {
  it('gives back the object put for a kept kind, and nothing for other kinds or a store without limits', () => {
    const store = new LogStore(tempDir(), { recent: limits(10) });
    const record = { trajectory: { output: 'a' }, durationMs: 3 };
    store.put('k:1', 'invoke', record);
    store.put('k:2', 'score', { score: 1 });
    expect(store.recall('k:1')).toBe(record);
    expect(store.recall('k:2')).toBeUndefined();
    expect(store.get('k:2')).toEqual({ score: 1 });
    store.close();
    const plain = new LogStore(tempDir());
    plain.put('k:1', 'invoke', record);
    expect(plain.recall('k:1')).toBeUndefined();
    plain.close();
  });

  it('never recalls a superseded value: a key put again keeps its newest value, or none', () => {
    const store = new LogStore(tempDir(), { recent: limits(10) });
    store.put('k:1', 'invoke', { v: 1 });
    store.put('k:1', 'invoke', { v: 2 });
    expect(store.recall('k:1')).toEqual({ v: 2 });
    store.put('k:1', 'invoke-failed', { failed: { kind: 'timeout' } }); // a kind not kept
    expect(store.recall('k:1')).toBeUndefined();
    expect(store.get('k:1')).toEqual({ failed: { kind: 'timeout' } });
    store.close();
  });

  it('stops keeping at the entry bound and at the byte bound; later keys are read from the log', () => {
    const byCount = new LogStore(tempDir(), { recent: limits(2) });
    for (let i = 0; i < 4; i++) byCount.put(`k:${i}`, 'extract', { i });
    expect([0, 1, 2, 3].map((i) => byCount.recall(`k:${i}`))).toEqual([
      { i: 0 },
      { i: 1 },
      undefined,
      undefined,
    ]);
    expect(byCount.get('k:3')).toEqual({ i: 3 });
    // Past the bound, a kept key put again is forgotten rather than left stale.
    byCount.put('k:0', 'extract', { i: 10 });
    expect(byCount.recall('k:0')).toBeUndefined();
    expect(byCount.get('k:0')).toEqual({ i: 10 });
    byCount.close();

    const byBytes = new LogStore(tempDir(), { recent: limits(100, 40) });
    byBytes.put('k:a', 'invoke', { text: 'x'.repeat(20) }); // 31 bytes of JSON
    byBytes.put('k:b', 'invoke', { text: 'y' }); // 12 more: past 40
    expect(byBytes.recall('k:a')).toEqual({ text: 'x'.repeat(20) });
    expect(byBytes.recall('k:b')).toBeUndefined();
    byBytes.close();
  });

  it('forgets everything when the store closes', () => {
    const store = new LogStore(tempDir(), { recent: limits(10) });
    store.put('k:1', 'invoke', { v: 1 });
    store.close();
    expect(store.recall('k:1')).toBeUndefined();
  });
});

describe('reportSources with recalled records', () => {
  it('builds the same sources as from the log alone (invoke, failed invoke, extract candidates)', () => {
    const dir = tempDir();
    const store = new LogStore(dir, { recent: RECALLED_RECORDS });
    const outputDigest = 'd'.repeat(64);
    const lock = {
      groups: { 'a/t/d': { outputDigest } },
      results: [
        { group: 'a/t/d', example: 'e1', weight: 1, invoke: ['k1:e1'], pass: true, metrics: {} },
        { group: 'a/t/d', example: 'e2', weight: 1, invoke: ['k1:e2'], pass: false, metrics: {} },
      ],
    } as unknown as Lockfile;
    store.put('k1:e1', 'invoke', {
      trajectory: {
        response: { output: { answer: 'é 🙂', n: [1, 2] } },
        usage: { totalTokens: 7 },
        turns: [],
      },
      durationMs: 12,
    });
    // The extract key as reportSources derives it: the group's output digest and the invoke key.
    const extractKey = keyOf(derivedKeyText('extract', CODE_VERSIONS.extract, outputDigest), ['k1:e1']);
    store.put(extractKey, 'extract', { ok: true, values: { answer: 'é 🙂' }, durationMs: 12, tokens: 7 });
    store.put('k1:e2', 'invoke-failed', {
      failed: { kind: 'http_422', message: 'refused', details: { status: 422 } },
      durationMs: 4,
    });
    expect(store.recall(extractKey)).toBeDefined();
    const recalled = reportSources(lock, store);
    store.close();
    const reread = new LogStore(dir, { readOnly: true });
    const fromLog = reportSources(lock, reread);
    reread.close();
    expect(recalled).toEqual(fromLog);
    expect(JSON.stringify(recalled)).toBe(JSON.stringify(fromLog));
    expect(recalled.trajectories['k1:e1']?.candidates).toEqual({ answer: 'é 🙂' });
    expect(recalled.trajectories['k1:e2']?.error).toEqual({
      kind: 'http_422',
      message: 'refused',
      details: { status: 422 },
    });
  });
});
