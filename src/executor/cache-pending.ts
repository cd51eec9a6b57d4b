/**
 * The entries of the step cache log that wait for the next flush, as the bytes that will be
 * written: each line `<key>\t<kind>\t<byte length>\t<json>\n` is encoded once, into one buffer,
 * and its CRC-32 records (`cache-checksums.ts`) are computed over those very bytes and kept in a
 * second buffer. A flush writes each buffer with one call and empties them; nothing is encoded
 * twice and no string per entry waits on the heap for the flush.
 */
import { decimalDigits, writeDecimal } from './ascii-number.js';
import { checksumOf, SUM_RECORD_MAX_BYTES, writeSumRecord } from './cache-checksums.js';

/** Capacity kept between flushes; a larger entry grows the buffer until the next flush. */
const KEEP_BYTES = 2 * 1024 * 1024;
const TAB = 9;
const NEWLINE = 10;

export class PendingEntries {
  private lines: Buffer = Buffer.allocUnsafe(KEEP_BYTES);
  private sums: Buffer = Buffer.allocUnsafe(64 * 1024);
  /** Bytes of `lines` in use: the pending part of the log. */
  bytes = 0;
  /** Bytes of `sums` in use: the pending checksum records. */
  sumBytes = 0;
  /** Keys of the pending entries, in order (forgotten from the index if their write fails). */
  keys: string[] = [];
  /** Of the line appended last: the offset of its JSON in the line, and the JSON's bytes. */
  lastJsonStart = 0;
  lastJsonBytes = 0;

  /**
   * Appends one entry's line; when `logOffset` is given (the line's offset in the log), also its
   * checksum record. Returns the line's bytes; `lastJsonStart`/`lastJsonBytes` place its JSON.
   */
  append(key: string, kind: string, json: string, logOffset: number | undefined): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the length field at most 16 digits.
    this.reserve(3 * (key.length + kind.length + json.length) + 24);
    const lines = this.lines;
    const start = this.bytes;
    let at = start + lines.write(key, start);
    const keyEnd = at;
    lines[at++] = TAB;
    at += lines.write(kind, at);
    lines[at++] = TAB;
    // The length comes before the JSON: the JSON is written where an ASCII text's length would
    // put it, and moved in the rare case its byte length has more digits.
    const lengthAt = at;
    const guessed = decimalDigits(json.length);
    let jsonStart = lengthAt + guessed + 1;
    const jsonBytes = lines.write(json, jsonStart);
    const digits = decimalDigits(jsonBytes);
    if (digits !== guessed) {
      lines.copyWithin(lengthAt + digits + 1, jsonStart, jsonStart + jsonBytes);
      jsonStart = lengthAt + digits + 1;
    }
    writeDecimal(lines, lengthAt, jsonBytes, digits);
    lines[jsonStart - 1] = TAB;
    const end = jsonStart + jsonBytes;
    lines[end] = NEWLINE;
    this.bytes = end + 1;
    this.keys.push(key);
    this.lastJsonStart = jsonStart - start;
    this.lastJsonBytes = jsonBytes;
    if (logOffset !== undefined) {
      if (this.sumBytes + SUM_RECORD_MAX_BYTES > this.sums.length)
        this.sums = grown(this.sums, this.sumBytes);
      const keyCrc = checksumOf(lines.subarray(start, keyEnd));
      const lineCrc = checksumOf(lines.subarray(start, end));
      this.sumBytes = writeSumRecord(this.sums, this.sumBytes, logOffset, keyCrc, lineCrc);
    }
    return end + 1 - start;
  }

  /** The pending lines (a view, valid until the next `append` or `clear`). */
  linesView(): Buffer {
    return this.lines.subarray(0, this.bytes);
  }

  /** The pending checksum records (a view, valid until the next `append` or `clear`). */
  sumsView(): Buffer {
    return this.sums.subarray(0, this.sumBytes);
  }

  /** Forgets every pending entry (written, or dropped after a failed write). */
  clear(): void {
    this.bytes = 0;
    this.sumBytes = 0;
    this.keys = [];
    if (this.lines.length > KEEP_BYTES) this.lines = Buffer.allocUnsafe(KEEP_BYTES);
  }

  private reserve(extra: number): void {
    if (this.bytes + extra > this.lines.length) this.lines = grown(this.lines, this.bytes, extra);
  }
}

/** A buffer at least twice as large (and `extra` bytes past `used`), starting with `used` bytes of `buffer`. */
function grown(buffer: Buffer, used: number, extra = 0): Buffer {
  const next = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + extra));
  buffer.copy(next, 0, 0, used);
  return next;
}
