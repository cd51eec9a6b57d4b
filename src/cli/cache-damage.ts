/**
 * Where a damaged cache log is damaged. The store reads `steps.log` up to its first bad line;
 * opened writable it cuts the log there, which is right for a torn last line (a writer killed
 * mid-append) and deletes good entries when the bad line is in the middle (a disk error, a
 * hand edit). Commands that only inspect or prune the cache open it writable only for a torn
 * last line (QA6: `cache stats` cut a 21-entry log to 9 lines).
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { LogStore } from '../executor/cache-store.js';

/** The store's log file name (executor/cache-store.ts). */
const LOG_NAME = 'steps.log';

export interface LogDamage {
  /** Bytes from the first bad line to the end of the log. */
  bytes: number;
  /** True when a complete line follows the bad one: cutting would delete entries. */
  beforeLastLine: boolean;
}

/** How the log in `cacheDir` is damaged, read without writing, or undefined when it reads whole. */
export function inspectLogDamage(cacheDir: string): LogDamage | undefined {
  const file = path.join(cacheDir, LOG_NAME);
  if (!existsSync(file)) return undefined;
  const probe = new LogStore(cacheDir, { readOnly: true });
  let bytes: number;
  try {
    bytes = probe.stats().recoveredTornBytes;
  } finally {
    probe.close();
  }
  if (bytes === 0) return undefined;
  const size = statSync(file).size;
  const tail = Buffer.alloc(bytes);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, tail, 0, bytes, size - bytes);
  } finally {
    closeSync(fd);
  }
  const newline = tail.indexOf(0x0a);
  return { bytes, beforeLastLine: newline !== -1 && newline < tail.length - 1 };
}
