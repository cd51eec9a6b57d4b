/** The cache writer lock: exclusive, released on release, stale locks taken over. */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_LOCK_NAME, lockCache, tryLockCache } from '../../src/executor/cache-lock.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-cache-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('cache lock', () => {
  it('is exclusive until released, and names its holder', () => {
    const dir = tempDir();
    const first = tryLockCache(dir);
    if (!first.ok) throw new Error('first lock failed');
    expect(readFileSync(path.join(dir, CACHE_LOCK_NAME), 'utf8')).toBe(`${process.pid} ${os.hostname()}\n`);
    const second = tryLockCache(dir);
    expect(second).toEqual({ ok: false, holder: `evalc pid ${process.pid} on ${os.hostname()}` });
    first.lock.release();
    expect(existsSync(path.join(dir, CACHE_LOCK_NAME))).toBe(false);
    const third = tryLockCache(dir);
    expect(third.ok).toBe(true);
    if (third.ok) third.lock.release();
  });

  it('takes over a lock whose process is gone, but not one from another host', () => {
    const dir = tempDir();
    const file = path.join(dir, CACHE_LOCK_NAME);
    writeFileSync(file, `4194305 ${os.hostname()}\n`);
    const taken = tryLockCache(dir);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.lock.release();
    writeFileSync(file, '4194305 some-other-host\n');
    expect(tryLockCache(dir)).toEqual({ ok: false, holder: 'evalc pid 4194305 on some-other-host' });
  });

  it('treats an empty lock as being written unless it is old', () => {
    const dir = tempDir();
    const file = path.join(dir, CACHE_LOCK_NAME);
    writeFileSync(file, '');
    expect(tryLockCache(dir).ok).toBe(false);
    const old = new Date(Date.now() - 10_000);
    utimesSync(file, old, old);
    const taken = tryLockCache(dir);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.lock.release();
  });

  it('waits for the holder, and gives up when the signal aborts', async () => {
    const dir = tempDir();
    const held = tryLockCache(dir);
    if (!held.ok) throw new Error('lock failed');
    const waits: string[] = [];
    const waiting = lockCache(dir, {
      signal: new AbortController().signal,
      onWait: (h) => waits.push(h),
      pollMs: 10,
    });
    setTimeout(() => held.lock.release(), 60);
    const got = await waiting;
    expect(got).toBeDefined();
    expect(waits).toHaveLength(1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const gaveUp = await lockCache(dir, { signal: controller.signal, onWait: () => {}, pollMs: 10 });
    expect(gaveUp).toBeUndefined();
    got?.release();
  });
});
