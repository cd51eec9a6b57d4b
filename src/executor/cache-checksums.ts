/**
 * Checksums of the step cache's entries, kept in a side file `steps.crc` beside `steps.log`:
 * one line `<offset>\t<crc32 of the key>\t<crc32 of the line>\n` per entry (the offset of the
 * entry's line in the log, decimal; CRC-32 as 8 hex digits; the line without its newline),
 * appended after the entries reach the log. A bit flipped inside an entry keeps its length, so the log alone cannot see it: the
 * entry would be served as a success (a score of 1 read back as 0). With its checksum it is
 * skipped and counted like any damaged line, and the step runs again.
 *
 * The log's own line format is unchanged, so an older evalc still reads a cache this one wrote
 * (it ignores the side file), and this one reads an older cache: entries without a checksum
 * are read as before, unverified. A record is only trusted for the entry it names (same offset
 * and same key checksum), so a side file left behind by a rewrite it did not follow (an older
 * evalc's prune, a restored copy) never condemns an entry it does not describe; offsets that
 * stop increasing start a new series (the records before belong to an earlier log).
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { writeDecimal, writeHex8 } from './ascii-number.js';
import { grownArray } from './cache-index.js';

export const SUMS_NAME = 'steps.crc';

/** The side file's records, in log order, as typed arrays (a million entries, no object each). */
export interface SumTable {
  count: number;
  offsets: Float64Array;
  keyCrcs: Uint32Array;
  lineCrcs: Uint32Array;
  /** Records were dropped while reading (unparsable lines, an earlier series): rewrite the file. */
  untidy: boolean;
}

export function sumsFileOf(dir: string): string {
  return path.join(dir, SUMS_NAME);
}

/** CRC-32 of a string's UTF-8 bytes or of a buffer slice, continuing `from` (the CRC of what precedes it). */
export function checksumOf(data: string | Uint8Array, from = 0): number {
  return crc32(data, from) >>> 0;
}

/** One record of the side file. */
export function sumRecord(offset: number, keyCrc: number, lineCrc: number): string {
  return `${offset}\t${hex8(keyCrc)}\t${hex8(lineCrc)}\n`;
}

/** The most bytes a record takes (an offset below 2^53 has at most 16 digits). */
export const SUM_RECORD_MAX_BYTES = 16 + 1 + 8 + 1 + 8 + 1;

/** Writes the bytes of `sumRecord(offset, keyCrc, lineCrc)` at `at`; returns the offset after them. */
export function writeSumRecord(
  buffer: Uint8Array,
  at: number,
  offset: number,
  keyCrc: number,
  lineCrc: number,
): number {
  let end = writeDecimal(buffer, at, offset);
  buffer[end++] = 9;
  end = writeHex8(buffer, end, keyCrc);
  buffer[end++] = 9;
  end = writeHex8(buffer, end, lineCrc);
  buffer[end++] = 10;
  return end;
}

/**
 * What the side file says of the log line at `offset` (a cursor walks the table in log order):
 * `ok`, `damaged` (the record names this key and the bytes differ), `unknown` (no record for
 * this line: written by an older evalc), or `other-key` (the record at this offset names another
 * key: it belongs to another log, or this line's key is damaged — the scan tells them apart).
 */
export function checkLine(
  table: SumTable,
  cursor: { at: number },
  offset: number,
  line: Uint8Array,
  keyEnd: number,
): 'ok' | 'damaged' | 'unknown' | 'other-key' {
  while (cursor.at < table.count && table.offsets[cursor.at]! < offset) cursor.at++;
  const i = cursor.at;
  if (i >= table.count || table.offsets[i] !== offset) return 'unknown';
  if (checksumOf(line) === table.lineCrcs[i]) return 'ok';
  return checksumOf(line.subarray(0, keyEnd)) === table.keyCrcs[i] ? 'damaged' : 'other-key';
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/** Reads the side file; a missing or unreadable one is an empty table (entries unverified). */
export function readSums(file: string): SumTable {
  let data: Buffer;
  // A pipe or a device would block the open or never end: no records, replaced by a writer.
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) return { ...emptyTable(), untidy: true };
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      data = Buffer.allocUnsafe(size);
      let done = 0;
      while (done < size) {
        const read = readSync(fd, data, done, size - done, done);
        if (read <= 0) break;
        done += read;
      }
      data = data.subarray(0, done);
    } finally {
      closeSync(fd);
    }
  } catch {
    return emptyTable();
  }
  const capacity = Math.max(16, Math.ceil(data.length / 24));
  const table: SumTable = {
    count: 0,
    offsets: new Float64Array(capacity),
    keyCrcs: new Uint32Array(capacity),
    lineCrcs: new Uint32Array(capacity),
    untidy: false,
  };
  let start = 0;
  while (start < data.length) {
    const nl = data.indexOf(10, start);
    if (nl === -1) {
      table.untidy = true; // a torn last record
      break;
    }
    const parsed = parseRecord(data, start, nl);
    start = nl + 1;
    if (!parsed) {
      table.untidy = true;
      continue;
    }
    if (table.count > 0 && record.offset <= table.offsets[table.count - 1]!) {
      table.count = 0; // a new series: the log was rewritten since the records before
      table.untidy = true;
    }
    if (table.count === table.offsets.length) growTable(table);
    table.offsets[table.count] = record.offset;
    table.keyCrcs[table.count] = record.keyCrc;
    table.lineCrcs[table.count] = record.lineCrc;
    table.count++;
  }
  return table;
}

/** The last record parsed (one object reused: a million records allocate nothing). */
const record = { offset: 0, keyCrc: 0, lineCrc: 0 };

/** `<decimal>\t<8 hex>\t<8 hex>` in `data[start, end)`, into `record`; false when it is not one. */
function parseRecord(data: Buffer, start: number, end: number): boolean {
  const digits = end - start - 18;
  if (digits < 1 || digits > 15 || data[start + digits] !== 9 || data[start + digits + 9] !== 9) return false;
  let offset = 0;
  for (let i = start; i < start + digits; i++) {
    const c = data[i]!;
    if (c < 48 || c > 57) return false;
    offset = offset * 10 + (c - 48);
  }
  const keyCrc = parseHex8(data, start + digits + 1);
  const lineCrc = parseHex8(data, start + digits + 10);
  if (keyCrc < 0 || lineCrc < 0) return false;
  record.offset = offset;
  record.keyCrc = keyCrc;
  record.lineCrc = lineCrc;
  return true;
}

function parseHex8(data: Buffer, at: number): number {
  let n = 0;
  for (let i = at; i < at + 8; i++) {
    const c = data[i]!;
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (v < 0) return -1;
    n = n * 16 + v;
  }
  return n;
}

/** Appends a record to a table (records go in log order). */
export function appendRecord(table: SumTable, offset: number, keyCrc: number, lineCrc: number): void {
  if (table.count === table.offsets.length) growTable(table);
  table.offsets[table.count] = offset;
  table.keyCrcs[table.count] = keyCrc;
  table.lineCrcs[table.count] = lineCrc;
  table.count++;
}

/**
 * The records of `base` below `limit` and those of `adopted` (lines read unverified), in offset
 * order; at one offset the adopted record wins (the base's named another log's line there).
 */
export function mergedSums(base: SumTable, adopted: SumTable, limit: number): SumTable {
  const out = emptyTable();
  let i = 0;
  let j = 0;
  while (i < base.count || j < adopted.count) {
    const a = i < base.count && base.offsets[i]! < limit ? base.offsets[i]! : Number.POSITIVE_INFINITY;
    const b = j < adopted.count ? adopted.offsets[j]! : Number.POSITIVE_INFINITY;
    if (a === Number.POSITIVE_INFINITY && b === Number.POSITIVE_INFINITY) break;
    if (b <= a) {
      appendRecord(out, b, adopted.keyCrcs[j]!, adopted.lineCrcs[j]!);
      j++;
      if (a === b) i++;
    } else {
      appendRecord(out, a, base.keyCrcs[i]!, base.lineCrcs[i]!);
      i++;
    }
  }
  return out;
}

export function emptyTable(): SumTable {
  return {
    count: 0,
    offsets: new Float64Array(0),
    keyCrcs: new Uint32Array(0),
    lineCrcs: new Uint32Array(0),
    untidy: false,
  };
}

function growTable(table: SumTable): void {
  const capacity = Math.max(16, table.offsets.length * 2);
  table.offsets = grownArray(table.offsets, capacity);
  table.keyCrcs = grownArray(table.keyCrcs, capacity);
  table.lineCrcs = grownArray(table.lineCrcs, capacity);
}

/**
 * Replaces the side file with the table's records below `limit` (the log's size), through a
 * temporary file and a rename; a failure leaves the old file (its stale records are harmless).
 */
export function rewriteSums(file: string, table: SumTable, limit: number): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      const parts: string[] = [];
      for (let i = 0; i < table.count && table.offsets[i]! < limit; i++)
        parts.push(sumRecord(table.offsets[i]!, table.keyCrcs[i]!, table.lineCrcs[i]!));
      writeSync(fd, parts.join(''));
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
