/**
 * The lockfile is written line by line (writeLockFile) and must be byte-identical to the
 * documented text: keys sorted, 2-space indent, one result per line. The previous lockfile's
 * pins are read without parsing its results (readLockHeader).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isKeySorted,
  readLockFile,
  readLockHeader,
  serializeLock,
  writeLockFile,
} from '../../src/lockfile/serialize.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { referenceLockText } from '../fixtures/locks/reference-text.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-lock-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 90 × `copies` results, some with keys out of order, `$&` and quotes in ids, integer-like metric ids. */
function bigLock(copies: number): Lockfile {
  const lock = baselineLock();
  const results: LockResult[] = [];
  for (let k = 0; k < copies; k++)
    for (const r of lock.results) {
      const { weight, pass, ...rest } = r;
      const shuffled = k % 2 === 0 ? { pass, weight, ...rest } : { ...r };
      results.push({ ...shuffled, example: `${r.example} $& "q" ${k}` });
    }
  const first = results[0];
  if (first) first.metrics = { ...first.metrics, '10': { score: 1 }, '9': { score: 0 } };
  return { ...lock, results };
}

describe('lockfile writing', () => {
  it('writes exactly the reference text, sorted or not, for small and large locks', () => {
    for (const lock of [baselineLock(), bigLock(30), { ...baselineLock(), results: [] }]) {
      const file = path.join(dir, 'evalc.lock');
      writeLockFile(file, lock);
      const expected = referenceLockText(lock);
      expect(readFileSync(file, 'utf8')).toBe(expected);
      expect(serializeLock(lock)).toBe(expected);
    }
  });

  it('tells key-sorted values from the rest', () => {
    expect(isKeySorted({ a: 1, b: [{ c: 1, d: null }] })).toBe(true);
    expect(isKeySorted({ b: 1, a: 1 })).toBe(false);
    expect(isKeySorted({ a: [{ d: 1, c: 1 }] })).toBe(false);
    expect(isKeySorted({ a: undefined })).toBe(false);
  });

  it('reads the header of a lockfile without its results, in its own layout and in any other', () => {
    const lock = bigLock(3);
    const file = path.join(dir, 'header.lock');
    writeLockFile(file, lock);
    const full = readLockFile(file);
    const header = readLockHeader(file);
    expect(full.ok && header.ok).toBe(true);
    if (!full.ok || !header.ok) return;
    expect(header.lock).toEqual({ ...full.lock, results: [] });
    // Compact JSON (not the layout evalc writes) is parsed whole.
    writeFileSync(file, JSON.stringify(lock));
    const compact = readLockHeader(file);
    expect(compact.ok && compact.lock).toEqual({ ...full.lock, results: [] });
  });

  it('reports a missing or broken lockfile like readLockFile', () => {
    const missing = readLockHeader(path.join(dir, 'nope.lock'));
    expect(missing).toMatchObject({ ok: false, missing: true });
    const file = path.join(dir, 'broken.lock');
    writeFileSync(file, '{"results": [\n    {"a": 1},\n  ],\n');
    expect(readLockHeader(file)).toMatchObject({ ok: false, missing: false });
    writeFileSync(file, '{"results": []}');
    expect(readLockHeader(file)).toMatchObject({ ok: false, missing: false });
  });

  it("removes the temp file a killed writer left, and keeps a live writer's", async () => {
    const sub = mkdtempSync(path.join(dir, 'stale-'));
    const file = path.join(sub, 'evalc.lock');
    // A process that has exited: its pid is free (reused pids are vanishingly unlikely here).
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid ?? 0)));
    writeFileSync(`${file}.tmp-${deadPid}`, '{"torn');
    const liveSibling = `${file}.tmp-${process.ppid}`;
    writeFileSync(liveSibling, '{"writing');
    writeLockFile(file, baselineLock());
    expect(readdirSync(sub).sort()).toEqual(['evalc.lock', path.basename(liveSibling)]);
  });
});
