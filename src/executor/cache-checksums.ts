/**
 * Checksums of the step cache's entries, kept in a side file `steps.sum` beside `steps.log`:
 * one line `<offset>\t<crc32 of the key>\t<crc32 of the JSON>\n` per entry (the offset of the
 * entry's line in the log, decimal; CRC-32 as 8 hex digits), appended after the entries reach
 * the log. A bit flipped inside an entry keeps its length, so the log alone cannot see it: the
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
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

export const SUMS_NAME = 'steps.sum';

/** The side file's records, in log order, as typed arrays (a million entries, no object each). */
export interface SumTable {
  count: number;
  offsets: Float64Array;
  keyCrcs: Uint32Array;
  jsonCrcs: Uint32Array;
  /** Records were dropped while reading (unparsable lines, an earlier series): rewrite the file. */
  untidy: boolean;
}

export function sumsFileOf(dir: string): string {
  return path.join(dir, SUMS_NAME);
}

/** CRC-32 of a string's UTF-8 bytes or of a buffer slice. */
export function checksumOf(data: string | Uint8Array): number {
  return crc32(data) >>> 0;
}

/** One record of the side file. */
export function sumRecord(offset: number, keyCrc: number, jsonCrc: number): string {
  return `${offset}\t${hex8(keyCrc)}\t${hex8(jsonCrc)}\n`;
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/** Reads the side file; a missing or unreadable one is an empty table (entries unverified). */
export function readSums(file: string): SumTable {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.allocUnsafe(size);
      let done = 0;
      while (done < size) {
        const read = readSync(fd, buffer, done, size - done, done);
        if (read <= 0) break;
        done += read;
      }
      text = buffer.toString('latin1', 0, done);
    } finally {
      closeSync(fd);
    }
  } catch {
    return emptyTable();
  }
  const capacity = Math.max(16, Math.ceil(text.length / 20));
  const table: SumTable = {
    count: 0,
    offsets: new Float64Array(capacity),
    keyCrcs: new Uint32Array(capacity),
    jsonCrcs: new Uint32Array(capacity),
    untidy: false,
  };
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      if (start < text.length) table.untidy = true; // a torn last record
      break;
    }
    const record = parseRecord(text, start, nl);
    start = nl + 1;
    if (!record) {
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
    table.jsonCrcs[table.count] = record.jsonCrc;
    table.count++;
  }
  return table;
}

const DECIMAL = /^\d{1,16}$/;
const HEX8 = /^[0-9a-f]{8}$/;

function parseRecord(
  text: string,
  start: number,
  end: number,
): { offset: number; keyCrc: number; jsonCrc: number } | undefined {
  const t1 = text.indexOf('\t', start);
  if (t1 === -1 || t1 > end) return undefined;
  const t2 = text.indexOf('\t', t1 + 1);
  if (t2 === -1 || t2 > end || end - t2 !== 9 || t2 - t1 !== 9) return undefined;
  const offsetText = text.slice(start, t1);
  const keyText = text.slice(t1 + 1, t2);
  const jsonText = text.slice(t2 + 1, end);
  if (!DECIMAL.test(offsetText) || !HEX8.test(keyText) || !HEX8.test(jsonText)) return undefined;
  const offset = Number(offsetText);
  if (!Number.isSafeInteger(offset)) return undefined;
  return { offset, keyCrc: Number.parseInt(keyText, 16), jsonCrc: Number.parseInt(jsonText, 16) };
}

function emptyTable(): SumTable {
  return {
    count: 0,
    offsets: new Float64Array(0),
    keyCrcs: new Uint32Array(0),
    jsonCrcs: new Uint32Array(0),
    untidy: false,
  };
}

function growTable(table: SumTable): void {
  const capacity = table.offsets.length * 2;
  const offsets = new Float64Array(capacity);
  offsets.set(table.offsets);
  const keyCrcs = new Uint32Array(capacity);
  keyCrcs.set(table.keyCrcs);
  const jsonCrcs = new Uint32Array(capacity);
  jsonCrcs.set(table.jsonCrcs);
  table.offsets = offsets;
  table.keyCrcs = keyCrcs;
  table.jsonCrcs = jsonCrcs;
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
        parts.push(sumRecord(table.offsets[i]!, table.keyCrcs[i]!, table.jsonCrcs[i]!));
      writeSync(fd, parts.join(''));
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
