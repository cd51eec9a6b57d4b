/**
 * One writer per cache folder. The step log is appended at offsets its writer computes from its
 * own view of the file, so two `evalc apply` runs sharing a cache (`--cache-dir`,
 * `EVALC_CACHE_DIR`: DESIGN.md §5) would overwrite each other's entries; opening the log for
 * writing also cuts a torn tail, which may be another writer's line in progress.
 *
 * The lock is a file `steps.lock` created exclusively (`wx`) holding `pid host`; its holder
 * touches it every few seconds. A lock is stale, and taken over, when its process is gone (same
 * host, pid not alive: a `kill -9`), when nobody touched it for a minute (a process on another
 * machine or container that died, a lock restored from a CI cache, a pid reused by another
 * program — a live evalc on this host keeps it, an older evalc does not refresh its lock), or
 * when it holds nothing readable for two seconds. A waiting apply polls until the
 * holder finishes (like cargo's "Blocking waiting for file lock"), and stops waiting when its
 * signal aborts. The lock is removed on release and on process exit, only while it is still ours.
 *
 * A folder where the lock cannot be created (a read-only file system, no write permission: a
 * cache restored read-only) has no writer to exclude: the attempt succeeds with a read-only
 * lock, and `cache-store.ts` opens that folder's log for reading, so a run that needs no new
 * entry works and one that does stops at its first write like a full disk.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { refuseSpecialFile } from './cache-log-scan.js';

export const CACHE_LOCK_NAME = 'steps.lock';
/** How often a holder touches its lock, and how long an untouched lock stays valid. */
export const LOCK_HEARTBEAT_MS = 5_000;
export const LOCK_STALE_MS = 60_000;

export interface CacheLock {
  /** Set when the folder cannot be written: nothing was locked and the log is read-only. */
  readonly readOnly?: NodeJS.ErrnoException;
  /** Touches the lock now (a long synchronous task calls it between pieces of work). */
  refresh(): void;
  release(): void;
}

/**
 * `blocked`: the lock's place holds what no process will ever release (a folder named
 * `steps.lock`): waiting is pointless, a writer stops on this error (QA69: apply waited forever).
 */
export type LockAttempt =
  | { ok: true; lock: CacheLock }
  | { ok: false; holder: string; blocked?: NodeJS.ErrnoException };

/** Folders whose lock could not be created for want of write access, and why. */
const deniedDirs = new Map<string, NodeJS.ErrnoException>();

/** Why this folder cannot be written, when its lock said so (`cache-store.ts` opens it read-only). */
export function writeDeniedFor(dir: string): NodeJS.ErrnoException | undefined {
  return deniedDirs.get(path.resolve(dir));
}

/** A file system refusal that means "this folder is not writable by us". */
export function isWriteDenied(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EROFS' || code === 'EACCES' || code === 'EPERM';
}

/** Takes the lock if it is free or stale; otherwise says who holds it. */
export function tryLockCache(dir: string): LockAttempt {
  const file = path.join(dir, CACHE_LOCK_NAME);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    if (isWriteDenied(err) && existsSync(dir)) return { ok: true, lock: readOnlyLock(dir, err) };
    throw err;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const text = `${process.pid} ${os.hostname()}\n`;
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      return { ok: true, lock: holdLock(file, text) };
    } catch (err) {
      if (isWriteDenied(err)) return { ok: true, lock: readOnlyLock(dir, err) };
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: Holder | undefined;
      try {
        holder = readHolder(file);
      } catch (blocked) {
        return { ok: false, holder: `a folder ${file}`, blocked: blocked as NodeJS.ErrnoException };
      }
      if (holder === undefined) continue; // released between our open and our read
      if (!isStale(holder, file)) return { ok: false, holder: describeHolder(holder, file) };
      // A dead holder's lock in a folder no one can write (restored read-only with it, or made
      // read-only mid-run, which kept the lock): read the cache as it is (QA294: apply waited for
      // it forever, 'in use by another process').
      const denied = removeIfSame(file, holder.text);
      if (denied) {
        // Said as what it is where a refusal quotes it (QA303: a bare `unlink '…/steps.lock'`).
        denied.message = `${denied.message}, left by a process that is gone`;
        return { ok: true, lock: readOnlyLock(dir, denied) };
      }
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
    if (attempt.blocked) throw attempt.blocked;
    if (!told) options.onWait(attempt.holder);
    told = true;
    try {
      await sleep(options.pollMs ?? 200, undefined, { signal: options.signal });
    } catch {
      return undefined;
    }
  }
}

function holdLock(file: string, text: string): CacheLock {
  let released = false;
  const refresh = () => {
    if (released) return;
    try {
      // Only our own lock: one taken over from us (we stalled past LOCK_STALE_MS) is not kept alive.
      if (readFileSync(file, 'utf8') !== text) return;
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // gone or unreadable: the next attempt by anyone sees it as it is
    }
  };
  const timer = setInterval(refresh, LOCK_HEARTBEAT_MS);
  timer.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    process.off('exit', release);
    removeIfSame(file, text);
  };
  process.on('exit', release);
  return { refresh, release };
}

function readOnlyLock(dir: string, reason: NodeJS.ErrnoException): CacheLock {
  const key = path.resolve(dir);
  deniedDirs.set(key, reason);
  let released = false;
  return {
    readOnly: reason,
    refresh: () => {},
    release: () => {
      if (released) return;
      released = true;
      deniedDirs.delete(key);
    },
  };
}

interface Holder {
  pid: number;
  host: string;
  text: string;
}

function readHolder(file: string): Holder | undefined {
  let text: string;
  refuseSpecialFile(file); // a pipe would block the read below for good
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    // A folder in the lock's place is no holder that will ever release it (QA69: apply waited
    // for it forever, `in use by another process`): thrown, for `tryLockCache` to say so.
    if ((err as NodeJS.ErrnoException).code === 'EISDIR')
      throw Object.assign(err as NodeJS.ErrnoException, { path: file, syscall: 'open' });
    return undefined;
  }
  const [pid, host] = text.trim().split(' ');
  return { pid: Number(pid), host: host ?? '', text };
}

function isReadable(holder: Holder): boolean {
  return Number.isInteger(holder.pid) && holder.pid > 0 && /^[\x21-\x7e]+$/.test(holder.host);
}

function isStale(holder: Holder, file: string): boolean {
  // Empty or unreadable: its writer died between creating and filling it (or is filling it right
  // now), or the file is not one evalc wrote.
  if (!isReadable(holder)) return ageMs(file) > 2_000;
  if (holder.host === os.hostname()) {
    if (!isAlive(holder.pid)) return true;
    // A live evalc here keeps its lock however quiet (an older evalc never refreshes it); a pid
    // now running another program is judged by the lock's age.
    if (isEvalcProcess(holder.pid)) return false;
  }
  return ageMs(file) > LOCK_STALE_MS;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether a live pid runs evalc (Linux `/proc`); false where that cannot be told. */
function isEvalcProcess(pid: number): boolean {
  try {
    return /evalc/i.test(readFileSync(`/proc/${pid}/cmdline`, 'latin1'));
  } catch {
    return false;
  }
}

function describeHolder(holder: Holder, file: string): string {
  if (!isReadable(holder)) return `an unreadable lock ${file} (taken over when 2 s old)`;
  const who = `evalc pid ${holder.pid} on ${holder.host}`;
  // A live holder touches its lock every few seconds: say more only when it has gone quiet.
  const quiet = Math.floor(ageMs(file) / 1000);
  if (quiet * 1000 <= 2 * LOCK_HEARTBEAT_MS) return who;
  // A live evalc on this host keeps its lock however quiet (isStale): "taken over at 60 s" read as a
  // wait that would end, and it never did (QA212: a prune stuck reading a FIFO held it for good).
  const keeps = holder.host === os.hostname() && isAlive(holder.pid) && isEvalcProcess(holder.pid);
  return `${who} (its lock ${file} was last refreshed ${quiet} s ago; ${keeps ? 'a live evalc on this host keeps it however quiet: stop that process if it hangs' : `it is taken over at ${LOCK_STALE_MS / 1000} s`})`;
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes the lock if it still holds `text`; the refusal when its folder cannot be written. */
function removeIfSame(file: string, text: string): NodeJS.ErrnoException | undefined {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch (err) {
    if (isWriteDenied(err)) return err;
    // gone already
  }
  return undefined;
}
