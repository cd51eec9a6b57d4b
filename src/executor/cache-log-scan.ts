/**
 * Reading the step log (cache-store.ts) from disk: each complete line's header parsed in place
 * and checked against its `steps.crc` record, the good entries handed to the index. A line ending
 * turned into CRLF (git's autocrlf, a Windows tool) keeps its entry; a complete line that does not
 * parse, or whose bytes no longer match its checksum, is skipped and counted, and the entries
 * after it still count; a last line without a newline (a torn write) ends the good part.
 *
 * A line whose checksum record (same offset) names another key is damaged in its key when the
 * next line matches its own record (QA69: a flipped byte in a key made an entry of a key nobody
 * asks for, and its step ran again without a word); when the next line does not match either,
 * the records are another log's (a prune interrupted between its renames, a restored side file)
 * and the line is read unverified, as before.
 */

import { existsSync, openSync, readSync, statSync } from 'node:fs';
import { devNull } from 'node:os';
import { appendRecord, checkLine, checksumOf, type SumTable } from './cache-checksums.js';

const CHUNK = 4 * 1024 * 1024;

export interface LogScan {
  /** Bytes of complete lines: where a torn last line starts (or the log's size). */
  good: number;
  /** Complete lines skipped: unparsable, or damaged per their checksum. */
  damagedLines: number;
  damagedBytes: number;
  /** Of those, the lines whose checksum no longer matches. */
  corruptEntries: number;
  /**
   * Of the damaged lines, those whose key a later good entry carries: the step ran again and its
   * new entry replaced them (QA267: an `apply --only` that re-ran it still left the note).
   */
  replacedDamaged: number;
  /**
   * The other damaged lines, by the key they still name: the store counts those its index holds as
   * covered, an earlier good entry of the key serving (QA273: an `apply --refresh` wrote it again).
   */
  unreplacedDamaged: ReadonlyMap<string, number>;
  /** Entries whose line ended in `\r\n`. */
  carriageReturns: number;
}

/**
 * Reads `total` bytes of the log open at `fd`, calling `onEntry` for each good entry in log order.
 * `adopt` (a writer's scan) receives a checksum record for each entry read unverified (no record,
 * or another log's), so that the side file covers them from now on.
 */
export function scanLog(
  fd: number,
  total: number,
  sums: SumTable,
  onEntry: (key: string, jsonOffset: number, length: number, kind: string) => void,
  adopt?: SumTable,
): LogScan {
  // Damaged lines by the key they still name (unknown for one whose key is damaged), until a
  // later good entry of that key replaces them.
  const damagedKeys = new Map<string, number>();
  const scan: LogScan = {
    good: 0,
    damagedLines: 0,
    damagedBytes: 0,
    corruptEntries: 0,
    replacedDamaged: 0,
    unreplacedDamaged: damagedKeys,
    carriageReturns: 0,
  };
  const damagedKey = (key: string | undefined) => {
    if (key !== undefined) damagedKeys.set(key, (damagedKeys.get(key) ?? 0) + 1);
  };
  const good = (key: string, jsonOffset: number, length: number, kind: string) => {
    const replaced = damagedKeys.get(key);
    if (replaced !== undefined) {
      scan.replacedDamaged += replaced;
      damagedKeys.delete(key);
    }
    onEntry(key, jsonOffset, length, kind);
  };
  const cursor = { at: 0 };
  // A line whose record names another key, held until the next line's check decides (see above).
  let held:
    | { key: string; jsonOffset: number; length: number; kind: string; bytes: number; line: number[] }
    | undefined;
  const settleHeld = (nextVerified: boolean) => {
    if (!held) return;
    if (nextVerified) {
      scan.damagedLines++;
      scan.damagedBytes += held.bytes;
      scan.corruptEntries++;
    } else {
      good(held.key, held.jsonOffset, held.length, held.kind);
      if (adopt) appendRecord(adopt, held.line[0]!, held.line[1]!, held.line[2]!);
    }
    held = undefined;
  };
  /** [offset, key CRC, line CRC] of a line read unverified, for `adopt` (nothing without it). */
  const recordOf = (offset: number, line: Uint8Array, keyBytes: number): number[] =>
    adopt ? [offset, checksumOf(line.subarray(0, keyBytes)), checksumOf(line)] : [];
  // Lines are parsed in place: the unparsed tail of one read moves to the front of the
  // buffer and the next read fills the rest (no per-chunk concatenation).
  let buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(total, 1)));
  let carry = 0;
  let position = 0;
  while (position < total) {
    if (carry === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, carry);
      buffer = larger;
    }
    const read = readSync(fd, buffer, carry, Math.min(buffer.length - carry, total - position), position);
    if (read <= 0) break;
    const end = carry + read;
    const data = buffer.subarray(0, end);
    const base = position - carry;
    let start = 0;
    for (;;) {
      const nl = data.indexOf(10, start);
      if (nl === -1) break;
      let entry = parseHeader(data, start, nl);
      let lineEnd = nl;
      if (!entry && data[nl - 1] === 13) {
        // The `\r` is outside the length the header gives.
        entry = parseHeader(data, start, nl - 1);
        if (entry) {
          lineEnd = nl - 1;
          scan.carriageReturns++;
        }
      }
      // Its checksum, if the side file has one for this line (same offset, same key).
      const check =
        entry && sums.count > 0
          ? checkLine(sums, cursor, base + start, data.subarray(start, lineEnd), entry.keyEnd - start)
          : 'unknown';
      settleHeld(check === 'ok');
      if (entry && check === 'damaged') {
        // its key matches its record: only the rest of the line is damaged
        damagedKey(entry.key);
        entry = undefined;
        scan.corruptEntries++;
      }
      if (entry && check === 'other-key')
        held = {
          key: entry.key,
          jsonOffset: base + entry.jsonStart,
          length: entry.length,
          kind: entry.kind,
          bytes: nl + 1 - start,
          line: recordOf(base + start, data.subarray(start, lineEnd), entry.keyEnd - start),
        };
      else if (entry) {
        good(entry.key, base + entry.jsonStart, entry.length, entry.kind);
        if (adopt && check === 'unknown') {
          const [offset, keyCrc, lineCrc] = recordOf(
            base + start,
            data.subarray(start, lineEnd),
            entry.keyEnd - start,
          );
          appendRecord(adopt, offset!, keyCrc!, lineCrc!);
        }
      } else {
        // A damaged complete line (a disk error, a hand edit): skipped and left in place.
        scan.damagedLines++;
        scan.damagedBytes += nl + 1 - start;
        if (check !== 'damaged') damagedKey(keyOf(data, start, nl));
      }
      scan.good = base + nl + 1;
      start = nl + 1;
    }
    buffer.copy(buffer, 0, start, end);
    carry = end - start;
    position += read;
  }
  settleHeld(false);
  return scan;
}

/** The key an unparsable line still begins with (up to its first tab), if it has one. */
function keyOf(data: Buffer, start: number, end: number): string | undefined {
  const t1 = data.indexOf(9, start);
  return t1 === -1 || t1 > end || t1 === start ? undefined : data.toString('utf8', start, t1);
}

/** `<key>\t<kind>\t<byte length>\t<json>` between `start` and `end` (the newline), else undefined. */
function parseHeader(
  data: Buffer,
  start: number,
  end: number,
): { key: string; keyEnd: number; kind: string; jsonStart: number; length: number } | undefined {
  const t1 = data.indexOf(9, start);
  if (t1 === -1 || t1 > end) return undefined;
  const t2 = data.indexOf(9, t1 + 1);
  if (t2 === -1 || t2 > end) return undefined;
  const t3 = data.indexOf(9, t2 + 1);
  if (t3 === -1 || t3 > end) return undefined;
  const length = Number(data.toString('latin1', t2 + 1, t3));
  if (!Number.isInteger(length) || t3 + 1 + length !== end) return undefined;
  return {
    key: data.toString('utf8', start, t1),
    keyEnd: t1,
    kind: data.toString('utf8', t1 + 1, t2),
    jsonStart: t3 + 1,
    length,
  };
}

/**
 * Opens a log that this process may not write. A folder with no log yet (an apply holding the lock
 * has not written its first entry; an empty cache folder) reads as an empty log (QA39: `cache stats`
 * and `cache prune --dry-run` died with ENOENT and a stack trace), also one apply cannot write: it
 * is refused as any read-only cache is, naming the folder, the calls and what to do (QA294: the
 * raw `EROFS … open 'DIR/steps.lock'` stopped it, saying no way out).
 */
export function openLogForReading(file: string): number {
  try {
    return openSync(existsSync(file) ? file : devNull, 'r');
  } catch (err) {
    // An open to read, said `cannot read: … (no permission to read DIR/steps.log)` (QA303: a log
    // it may not read made `report` and `cache stats`, which write nothing, say `cannot write`).
    if (err instanceof Error) (err as NodeJS.ErrnoException).syscall = 'read';
    throw err;
  }
}

/**
 * A step log or side file that is a pipe or a device (QA69: a FIFO named steps.log took the
 * answers of 5 agent calls and lost them, ESPIPE; one named steps.crc hung every command that
 * opened the cache, deaf to SIGTERM; a link to /dev/zero swallowed a whole run) is refused, as a
 * folder is (EISDIR), with BSD's errno for it, EFTYPE (cli/describe-fs-error.ts says it in words).
 */
export function refuseSpecialFile(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat || stat.isFile() || stat.isDirectory()) return;
  throw Object.assign(new Error(`EFTYPE: not a regular file, open '${file}'`), {
    code: 'EFTYPE',
    path: file,
    syscall: 'open',
  });
}
