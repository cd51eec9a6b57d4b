/**
 * Whether a lockfile on disk already holds the text `writeLockFile` would write, compared as it
 * is emitted, chunk by chunk against the file: an up-to-date lock is not rewritten (a read-only
 * plan folder refused the temp file, QA183), and neither the text nor the file is ever whole in
 * memory (serializing and reading a 100k-example lock whole cost ~100 MB more peak memory, QA188).
 */

import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { emitLock, WRITE_CHUNK } from './serialize.js';
import type { Lockfile } from './types.js';

/** Thrown out of `emitLock` at the first byte that differs: nothing after it needs rendering. */
const DIFFERS = Symbol('differs');

/**
 * The sha256 of the file's bytes when they are exactly the lock's text (as `writeLockFile` writes
 * it, results not assumed key-sorted); undefined when they differ or the file cannot be read.
 */
export function hashIfUnchanged(file: string, lock: Lockfile): Hash | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  // A UTF-16 unit is at most 3 bytes of UTF-8; a chunk may run one write past WRITE_CHUNK.
  const ours = Buffer.allocUnsafe(3 * 2 * WRITE_CHUNK);
  const theirs = Buffer.allocUnsafe(ours.length);
  const compare = (bytes: Buffer) => {
    for (let at = 0; at < bytes.length; ) {
      const want = Math.min(theirs.length, bytes.length - at);
      let read = 0;
      while (read < want) {
        const n = readSync(fd, theirs, read, want - read, null);
        if (n === 0) throw DIFFERS;
        read += n;
      }
      if (!theirs.subarray(0, want).equals(bytes.subarray(at, at + want))) throw DIFFERS;
      at += want;
    }
    hash.update(bytes);
  };
  try {
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = () => {
      if (pendingLength === 0) return;
      const text = pending.join('');
      pending = [];
      pendingLength = 0;
      // As writeLockFile encodes it: a chunk one write made longer than the buffer holds is
      // encoded on its own (splitting the text could cut a surrogate pair in two).
      compare(
        3 * text.length <= ours.length ? ours.subarray(0, ours.write(text, 0)) : Buffer.from(text, 'utf8'),
      );
    };
    emitLock(lock, (text) => {
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= WRITE_CHUNK) flush();
    });
    flush();
    // The file may go on past the text: then it differs.
    return readSync(fd, theirs, 0, 1, null) === 0 ? hash : undefined;
  } catch (err) {
    // A difference, or a file that cannot be read (EISDIR, EIO): it is written as before, which
    // says what is wrong.
    if (err === DIFFERS || (err instanceof Error && 'code' in err)) return undefined;
    throw err;
  } finally {
    closeSync(fd);
  }
}
