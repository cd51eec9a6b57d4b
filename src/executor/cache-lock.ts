/**
 * One writer per cache folder. The step log is appended at offsets its writer computes from its
 * own view of the file, so two `evalc apply` runs sharing a cache (`--cache-dir`,
 * `EVALC_CACHE_DIR`: DESIGN.md §5) would overwrite each other's entries; opening the log for
 * writing also cuts a torn tail, which may be another writer's line in progress.
 *
 * The lock is a file `steps.lock` created exclusively (`wx`) holding `pid host`. A lock whose
 * process is gone (same host, pid not alive: a `kill -9`) is stale and taken over. A waiting
 * apply polls until the holder finishes (like cargo's "Blocking waiting for file lock"), and
 * stops waiting when its signal aborts. The lock is removed on release and on process exit.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const CACHE_LOCK_NAME = 'steps.lock';

export interface CacheLock {
  release(): void;
}

export type LockAttempt = { ok: true; lock: CacheLock } | { ok: false; holder: string };

/** Takes the lock if it is free or stale; otherwise says who holds it. */
export function tryLockCache(dir: string): LockAttempt {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, CACHE_LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${os.hostname()}\n`);
      closeSync(fd);
      return { ok: true, lock: holdLock(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder === undefined) continue; // released between our open and our read
      if (!isStale(holder, file)) return { ok: false, holder: `evalc pid ${holder.pid} on ${holder.host}` };
      removeIfSame(file, holder.text);
    }
  }
  return { ok: false, holder: 'another process' };
}

/** Waits for the lock; `undefined` when the signal aborted first. */
export async function lockCache(
  dir: string,
  options: { signal: AbortSignal; onWait: (holder: string) => void; pollMs?: number },
): Promise<CacheLock | undefined> {
  let told = false;
  for (;;) {
    const attempt = tryLockCache(dir);
    if (attempt.ok) return attempt.lock;
    if (!told) options.onWait(attempt.holder);
    told = true;
    try {
      await sleep(options.pollMs ?? 200, undefined, { signal: options.signal });
    } catch {
      return undefined;
    }
  }
}

function holdLock(file: string): CacheLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { release };
}

interface Holder {
  pid: number;
  host: string;
  text: string;
}

function readHolder(file: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [pid, host] = text.trim().split(' ');
  return { pid: Number(pid), host: host ?? '', text };
}

function isStale(holder: Holder, file: string): boolean {
  // Empty: its writer died between creating and filling it (or is filling it right now).
  if (holder.text.trim() === '') return ageMs(file) > 2_000;
  if (holder.host !== os.hostname()) return false;
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function removeIfSame(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch {
    // gone already
  }
}
