/**
 * QA31: the cache encodes each entry's line once, into the bytes it writes, and computes its
 * checksum records over those bytes. Lines whose UTF-8 length differs from their text length,
 * entries larger than the write buffer, and many entries in one flush must still be written in
 * the documented format (`<key>\t<kind>\t<byte length>\t<json>\n`, side file
 * `<offset>\t<crc32 of the key>\t<crc32 of the line>\n`) and read back verified.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa31-cache-lines-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The log and side file a writer of the documented format produces for these entries. */
function expectedFiles(entries: [string, string, unknown][]): { log: Buffer; sums: string } {
  const lines: Buffer[] = [];
  let sums = '';
  let offset = 0;
  for (const [key, kind, value] of entries) {
    const json = Buffer.from(JSON.stringify(value), 'utf8');
    const line = Buffer.concat([Buffer.from(`${key}\t${kind}\t${json.length}\t`, 'utf8'), json]);
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
    sums += `${offset}\t${hex(crc32(Buffer.from(key, 'utf8')))}\t${hex(crc32(line))}\n`;
    lines.push(line, Buffer.from('\n'));
    offset += line.length + 1;
  }
  return { log: Buffer.concat(lines), sums };
}

/** The log and side file in `dir` are byte for byte those of `entries`, written in order. */
function expectFilesOf(dir: string, entries: [string, string, unknown][]): void {
  const expected = expectedFiles(entries);
  expect(readFileSync(path.join(dir, 'steps.log')).equals(expected.log)).toBe(true);
  expect(readFileSync(path.join(dir, 'steps.crc'), 'utf8')).toBe(expected.sums);
}

/** A reopened store reads every entry back, none of them counted corrupt. */
function expectReadBack(dir: string, entries: [string, string, unknown][]): void {
  const reopened = new LogStore(dir, { readOnly: true });
  for (const [key, , value] of entries) expect(reopened.get(key)).toEqual(value);
  expect(reopened.stats().corruptEntries).toBe(0);
  reopened.close();
}

describe('cache lines encoded once', () => {
  it('writes the byte length of a JSON text whose UTF-8 form has more digits than its text length', () => {
    const dir = tempDir();
    // 7 characters of text (digits: 1) but 13 bytes of UTF-8 (digits: 2); and 4-byte characters
    const entries: [string, string, unknown][] = [
      ['k1:é', 'invoke', 'ééééé'],
      ['k1:b', 'score', { note: '😀'.repeat(30), score: 1 }],
      ['k1:c', 'extract', { ok: true, values: { a: 'x'.repeat(95) } }],
    ];
    const store = new LogStore(dir);
    for (const [key, kind, value] of entries) store.put(key, kind, value);
    // read back before the flush (from the pending bytes' offsets) and after it
    expect(store.get('k1:b')).toEqual(entries[1]![2]);
    store.close();
    expectFilesOf(dir, entries);
    expectReadBack(dir, entries);
  });

  it('writes an entry larger than the write buffer, and entries after it, in order', () => {
    const dir = tempDir();
    const entries: [string, string, unknown][] = [
      ['k1:small', 'score', { score: 1 }],
      ['k1:big', 'invoke', { text: 'ü'.repeat(3 * 1024 * 1024) }],
      ['k1:after', 'score', { score: 0 }],
    ];
    const store = new LogStore(dir);
    for (const [key, kind, value] of entries) store.put(key, kind, value);
    store.put('k1:later', 'score', { score: 0.5 });
    entries.push(['k1:later', 'score', { score: 0.5 }]);
    store.close();
    expectFilesOf(dir, entries);
    expectReadBack(dir, entries);
  });

  it('appends the entries of later flushes at their offsets, with their records', async () => {
    const dir = tempDir();
    const entries: [string, string, unknown][] = [];
    const store = new LogStore(dir);
    for (let turn = 0; turn < 3; turn++) {
      for (let i = 0; i < 500; i++) {
        const entry: [string, string, unknown] = [`k1:${turn}-${i}`, 'score', { score: i / 500, turn }];
        entries.push(entry);
        store.put(...entry);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    store.close();
    expectFilesOf(dir, entries);
  });
});
