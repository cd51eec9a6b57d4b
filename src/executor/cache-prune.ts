/**
 * `evalc cache prune`'s copy: the reachable entries of the step log (cache-store.ts) written to a
 * new log and checksum file beside the old ones, for the store to rename over them. A failure
 * mid-copy (a full disk) removes both copies and leaves the log untouched.
 */

import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { checksumOf, sumRecord } from './cache-checksums.js';
import { CacheIndex, type IndexEntry } from './cache-index.js';
import { writeTextSync } from './write-text.js';

const NEWLINE = Buffer.from('\n');

export interface PrunedCopy {
  /** The index of the copy (offsets into it). */
  kept: CacheIndex;
  /** Bytes of the copy. */
  size: number;
  removed: number;
}

/**
 * Copies each entry `reachable` keeps from the log open at `fd` to `files.log`, its checksums to
 * `files.sums`. `heartbeat` is called every 4,096 entries (the cache lock's refresh); `logName`
 * names the log in an error (a write to a descriptor names no file).
 */
export function copyReachable(
  fd: number,
  entries: Iterable<[string, IndexEntry]>,
  reachable: (key: string) => boolean,
  files: { log: string; sums: string; logName: string },
  heartbeat?: () => void,
): PrunedCopy {
  const out = openSync(files.log, 'w');
  let sumsOut: number | undefined;
  let size = 0;
  let removed = 0;
  let seen = 0;
  const kept = new CacheIndex();
  try {
    sumsOut = openSync(files.sums, 'w');
    const sums: string[] = [];
    for (const [key, entry] of entries) {
      if (++seen % 4096 === 0) heartbeat?.();
      if (!reachable(key)) {
        removed++;
        continue;
      }
      const json = Buffer.allocUnsafe(entry.length);
      readSync(fd, json, 0, entry.length, entry.offset);
      const header = Buffer.from(`${key}\t${entry.kind}\t${entry.length}\t`, 'utf8');
      const line = Buffer.concat([header, json, NEWLINE]);
      writeSync(out, line, 0, line.length, size);
      sums.push(sumRecord(size, checksumOf(key), checksumOf(json, checksumOf(header))));
      if (sums.length >= 4096) writeTextSync(sumsOut, sums.splice(0).join(''));
      kept.set(key, size + header.length, entry.length, entry.kind);
      size += line.length;
    }
    if (sums.length > 0) writeTextSync(sumsOut, sums.join(''));
  } catch (err) {
    closeSync(out);
    if (sumsOut !== undefined) closeSync(sumsOut);
    rmSync(files.log, { force: true });
    rmSync(files.sums, { force: true });
    if (err instanceof Error && !('path' in err)) Object.assign(err, { path: files.logName });
    throw err;
  }
  closeSync(out);
  closeSync(sumsOut);
  return { kept, size, removed };
}
