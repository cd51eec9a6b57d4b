/**
 * The content-addressed step cache: an append-only log with an in-memory index, behind the
 * small `StepStore` interface so a shared remote store can be added later.
 *
 * Log format, one entry per line: `<key>\t<kind>\t<byte length>\t<json>\n`. A write is one
 * append; a crash can only leave a torn last line, which `open` detects (no newline) and
 * truncates away. A complete line that does not parse (a length that does not match, a disk
 * error, a hand edit) is skipped and counted, and the entries after it still count. Later
 * entries for a key win.
 *
 * Writes are coalesced: the entries put during one turn of the event loop go to disk in one
 * `writeSync` on the next turn (`setImmediate`), or at once past 1 MiB, before any read of a
 * pending entry, on `close`, and on `process.exit` (a second Ctrl-C). A `kill -9` can therefore
 * lose the steps completed in the current turn (they are simply run again), never corrupt the log.
 *
 * A write that fails (a full disk, a quota, an I/O error) is not thrown from the timer that
 * flushes: the log is cut back to its last complete entry, the entries that were not written
 * are forgotten (the next apply runs them again), later puts are dropped, and `writeFailure`
 * holds the error for the run to stop on (`onWriteFailure` is told at once). A cache folder that
 * cannot be written at all (read-only, `cache-lock.ts`) is opened for reading and its first put
 * fails the same way.
 *
 * Each entry's CRC-32 goes to the side file `steps.crc` (`cache-checksums.ts`): an entry whose
 * bytes no longer match it, or whose JSON no longer parses, is skipped and counted as damaged
 * (the step runs again), never served.
 */
import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, renameSync } from 'node:fs';
import path from 'node:path';
import {
  emptyTable,
  mergedSums,
  readSums,
  rewriteSums,
  type SumTable,
  sumsFileOf,
} from './cache-checksums.js';
import { CacheIndex } from './cache-index.js';
import { isWriteDenied, writeDeniedFor } from './cache-lock.js';
import { openLogForReading, refuseSpecialFile, scanLog } from './cache-log-scan.js';
import { PendingEntries } from './cache-pending.js';
import { copyReachable } from './cache-prune.js';
import { CacheWriteError } from './cache-write-error.js';
import { LogWindow } from './log-window.js';
import { type CacheStats, FAILURE_NOTE_SUFFIX, type StepStore } from './step-store.js';
import { writeBytesSync } from './write-text.js';

export { CacheWriteError } from './cache-write-error.js';
export type { CacheStats, StepStore } from './step-store.js';

const LOG_NAME = 'steps.log';
const FLUSH_BYTES = 1024 * 1024;

/** Open writable stores: a `process.exit` (a second Ctrl-C) writes their pending entries first. */
const openStores = new Set<LogStore>();
let exitHookInstalled = false;
function flushOpenStores(): void {
  for (const store of openStores) {
    try {
      store.flush();
    } catch {
      // exiting anyway: an entry not written is run again by the next apply
    }
  }
}

export class LogStore implements StepStore {
  private index = new CacheIndex();
  private fd: number;
  private size = 0;
  /** Bytes of the log on disk; `size - flushed` bytes wait in `pending`. */
  private flushed = 0;
  /** Entries put since the last flush, encoded. */
  private readonly pending = new PendingEntries();
  private flushScheduled: NodeJS.Immediate | undefined;
  private tornBytes = 0;
  /** Entries `steps.crc` records past the log's end when it was read: lost from the log. */
  private lostEntries = 0;
  private damagedLines = 0;
  private damagedBytes = 0;
  /** Of the damaged lines read, those another good entry of their key replaced or covers (cache-log-scan.ts). */
  private replacedDamaged = 0;
  private readonly file: string;
  private readonly window = new LogWindow();

  private readonly readOnly: boolean;
  /** Why this writable store's folder cannot be written: opened for reading, puts fail. */
  private readonly denied: NodeJS.ErrnoException | undefined;
  private readonly sumsFile: string;
  /** Whether puts record checksums (a writable store whose side file can be opened). */
  private checksums = false;
  /** The side file of checksums, opened at the first flush that has records for it. */
  private sumsFd: number | undefined;
  private corruptEntries = 0;
  /** The side file's records with those of entries read unverified, to write at the first flush. */
  private adopted: SumTable | undefined;
  /** `\r` bytes before line ends (a CRLF copy): neither an entry's nor superseded. */
  private carriageReturns = 0;
  private failure: CacheWriteError | undefined;
  private readonly onWriteFailure: ((error: CacheWriteError) => void) | undefined;

  /**
   * `readOnly` opens an existing cache for reading (reports): nothing is written, a torn tail is
   * only skipped. `onWriteFailure` is called once, when a write to the log first fails.
   */
  constructor(
    dir: string,
    options: { readOnly?: boolean; onWriteFailure?: (error: CacheWriteError) => void } = {},
  ) {
    this.readOnly = options.readOnly ?? false;
    this.onWriteFailure = options.onWriteFailure;
    this.file = path.join(dir, LOG_NAME);
    this.sumsFile = sumsFileOf(dir);
    refuseSpecialFile(this.file);
    let denied = this.readOnly ? undefined : writeDeniedFor(dir);
    if (this.readOnly || denied) this.fd = openLogForReading(this.file);
    else {
      try {
        mkdirSync(dir, { recursive: true });
        this.fd = openSync(this.file, existsSync(this.file) ? 'r+' : 'w+');
      } catch (err) {
        if (!isWriteDenied(err) || !existsSync(this.file)) throw err;
        denied = err; // a log restored read-only: read it, and fail at the first put
        this.fd = openLogForReading(this.file);
      }
    }
    this.denied = denied;
    this.load();
    if (this.isWritable) {
      openStores.add(this);
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        // Before other exit hooks (the cache lock's release): the log is complete when released.
        process.prependListener('exit', flushOpenStores);
      }
    }
  }

  private get isWritable(): boolean {
    return !this.readOnly && !this.denied;
  }

  private load(): void {
    const sums = readSums(this.sumsFile);
    const total = fstatSync(this.fd).size;
    // A writer records checksums for the entries it reads unverified (QA69: deleting steps.crc
    // turned checking off for good, and a flipped digit was then served).
    const adopted = this.isWritable ? emptyTable() : undefined;
    const onEntry = (key: string, offset: number, length: number, kind: string) =>
      this.index.set(key, offset, length, kind);
    const scan = scanLog(this.fd, total, sums, onEntry, adopted);
    const { good } = scan;
    this.damagedLines = scan.damagedLines;
    this.damagedBytes = scan.damagedBytes;
    this.replacedDamaged = scan.replacedDamaged;
    // A damaged line after a good entry of its key: that entry serves, the step does not run again.
    for (const [key, lines] of scan.unreplacedDamaged) if (this.index.has(key)) this.replacedDamaged += lines;
    this.corruptEntries = scan.corruptEntries;
    this.carriageReturns = scan.carriageReturns;
    if (good < total) {
      this.tornBytes = total - good;
      if (this.isWritable) ftruncateSync(this.fd, good);
    }
    this.size = good;
    this.flushed = good;
    // Records past the log's end (a torn tail, a shorter log restored, a log emptied or deleted):
    // entries the log no longer holds, said in a note (run-store.ts); their records go.
    let beyond = sums.count;
    while (beyond > 0 && sums.offsets[beyond - 1]! >= good) beyond--;
    this.lostEntries = sums.count - beyond;
    if (!this.isWritable) return;
    // Written with the first entries this store writes: a store that only reads writes nothing.
    if (adopted && adopted.count > 0) this.adopted = mergedSums(sums, adopted, good);
    else if (sums.untidy || beyond < sums.count) rewriteSums(this.sumsFile, sums, good);
    this.checksums = true;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  kindOf(key: string): string | undefined {
    return this.index.kindOf(key);
  }

  /** The bytes of an entry's whole line in the log (header, JSON, newline), as a prune rewrites it. */
  lineBytesOf(key: string): number | undefined {
    const slot = this.index.slotOf(key);
    if (slot === undefined) return undefined;
    const length = this.index.lengthAt(slot);
    const kind = this.index.kindOf(key) ?? '';
    return Buffer.byteLength(`${key}\t${kind}\t${length}\t`) + length + 1;
  }

  sizeOf(key: string): number | undefined {
    const slot = this.index.slotOf(key);
    return slot === undefined ? undefined : this.index.lengthAt(slot);
  }

  get<T = unknown>(key: string): T | undefined {
    const slot = this.index.slotOf(key);
    if (slot === undefined) return undefined;
    const offset = this.index.offsetAt(slot);
    const length = this.index.lengthAt(slot);
    if (offset + length > this.flushed) this.flush();
    try {
      return JSON.parse(this.window.read(this.fd, offset, length, this.flushed)) as T;
    } catch {
      // Damaged in place (an older evalc wrote it without a checksum): a miss, counted; the step
      // runs again and its new entry supersedes this one.
      const lineBytes = this.lineBytesOf(key) ?? 0;
      this.index.delete(key);
      this.damagedLines++;
      this.damagedBytes += lineBytes;
      this.corruptEntries++;
      return undefined;
    }
  }

  /** Why this folder cannot be written at all (a read-only cache), before any put fails; or undefined. */
  get writeDenied(): CacheWriteError | undefined {
    return this.denied ? new CacheWriteError(this.file, this.denied, { readOnly: true }) : undefined;
  }

  /** Why the log could not be written (the run stops on it), or undefined. */
  get writeFailure(): CacheWriteError | undefined {
    return this.failure;
  }

  put(key: string, kind: string, value: unknown): void {
    if (this.readOnly) throw new Error('LogStore: put on a read-only cache');
    if (this.failure) return; // not kept: the next apply runs the step again
    if (this.denied) {
      this.failure = new CacheWriteError(this.file, this.denied, { readOnly: true });
      this.onWriteFailure?.(this.failure);
      return;
    }
    const json = JSON.stringify(value);
    const lineBytes = this.pending.append(key, kind, json, this.checksums ? this.size : undefined);
    this.index.set(key, this.size + this.pending.lastJsonStart, this.pending.lastJsonBytes, kind);
    this.size += lineBytes;
    if (this.pending.bytes >= FLUSH_BYTES) this.flush();
    else this.flushScheduled ??= setImmediate(() => this.flush());
  }

  /** Writes every pending entry to disk now (one append). */
  flush(): void {
    if (this.flushScheduled) {
      clearImmediate(this.flushScheduled);
      this.flushScheduled = undefined;
    }
    const pending = this.pending;
    if (pending.bytes === 0) return;
    let written: number;
    try {
      written = writeBytesSync(this.fd, pending.linesView(), this.flushed);
    } catch (err) {
      const { keys } = pending;
      pending.clear();
      this.fail(err, keys);
      return;
    }
    this.flushed += written;
    // After the entries: a crash in between leaves them without a checksum (read unverified).
    if (pending.sumBytes > 0) {
      try {
        if (this.adopted) rewriteSums(this.sumsFile, this.adopted, Number.POSITIVE_INFINITY);
        this.adopted = undefined;
        this.sumsFd ??= openSync(this.sumsFile, 'a');
        writeBytesSync(this.sumsFd, pending.sumsView());
      } catch {
        // a full disk, a side file that cannot be opened: these entries go unverified, as an
        // older evalc's would; a torn record is skipped when read
        if (this.sumsFd === undefined) this.checksums = false;
      }
    }
    pending.clear();
  }

  private fail(err: unknown, keys: string[]): void {
    try {
      ftruncateSync(this.fd, this.flushed); // a partly written entry would be a torn line
    } catch {
      // the next open cuts a torn last line anyway
    }
    for (const key of keys) this.index.delete(key);
    this.size = this.flushed;
    this.failure = new CacheWriteError(this.file, err);
    this.onWriteFailure?.(this.failure);
  }

  keys(): IterableIterator<string> {
    return this.index.keys();
  }

  stats(): CacheStats {
    const byKind: CacheStats['byKind'] = {};
    let liveLines = 0;
    let failureNotes = 0;
    // Bytes are whole lines of the log, so the kinds, the superseded and the damaged bytes add up to its size.
    for (const [key, entry] of this.index.entries()) {
      if (key.endsWith(FAILURE_NOTE_SUFFIX)) failureNotes++;
      const k = (byKind[entry.kind] ??= { entries: 0, bytes: 0 });
      const line = Buffer.byteLength(`${key}\t${entry.kind}\t${entry.length}\t`) + entry.length + 1;
      k.entries++;
      k.bytes += line;
      liveLines += line;
    }
    return {
      entries: this.index.size,
      bytes: this.size,
      byKind,
      failureNotes,
      recoveredTornBytes: this.tornBytes,
      damagedLines: this.damagedLines,
      damagedBytes: this.damagedBytes,
      supersededBytes: Math.max(0, this.size - liveLines - this.damagedBytes - this.carriageReturns),
      corruptEntries: this.corruptEntries,
      lostEntries: this.lostEntries,
    };
  }

  /**
   * Complete lines skipped as damaged when the log was read (cheap, unlike `stats`), but for those
   * another good entry of their key replaced (QA267) or, written before them, covers (QA273): their
   * steps do not run again.
   */
  get damagedOnLoad(): number {
    return Math.max(0, this.damagedLines - this.replacedDamaged);
  }

  /** What the log lost before it was read: a torn last line's bytes, entries `steps.crc` records past its end. */
  get lostOnLoad(): { tornBytes: number; entries: number } {
    return { tornBytes: this.tornBytes, entries: this.lostEntries };
  }

  /** `heartbeat` is called every few thousand entries (the cache lock's refresh: a long prune keeps it). */
  prune(reachable: (key: string) => boolean, options: { heartbeat?: () => void } = {}) {
    if (this.denied) throw new CacheWriteError(this.file, this.denied, { readOnly: true });
    this.flush();
    const bytesBefore = this.size;
    const tmp = `${this.file}.prune-${process.pid}`;
    const sumsTmp = `${this.sumsFile}.prune-${process.pid}`;
    // A full disk mid-prune: the log is untouched and no half-written copy is left behind.
    const { kept, size, removed } = copyReachable(
      this.fd,
      this.index.entries(),
      reachable,
      { log: tmp, sums: sumsTmp, logName: this.file },
      options.heartbeat,
    );
    closeSync(this.fd);
    renameSync(tmp, this.file);
    // Between the two renames a crash leaves records that name other entries: they are ignored.
    if (this.sumsFd !== undefined) closeSync(this.sumsFd);
    this.sumsFd = undefined;
    renameSync(sumsTmp, this.sumsFile);
    this.checksums = true;
    this.fd = openSync(this.file, 'r+');
    this.index = kept;
    this.size = size;
    this.window.reset();
    this.flushed = size;
    // The rewritten log holds the kept entries only: damaged lines are gone with the rest.
    this.damagedLines = 0;
    this.damagedBytes = 0;
    this.replacedDamaged = 0;
    this.corruptEntries = 0;
    this.carriageReturns = 0;
    this.lostEntries = 0;
    this.adopted = undefined;
    return { kept: kept.size, removed, bytesBefore, bytesAfter: size };
  }

  /** Flushes and closes the log; the index is dropped (a closed store answers nothing). */
  close(): void {
    this.flush();
    openStores.delete(this);
    closeSync(this.fd);
    if (this.sumsFd !== undefined) closeSync(this.sumsFd);
    this.sumsFd = undefined;
    this.index.clear();
    this.window.release();
  }
}
