/**
 * QA188: an up-to-date apply with stale reports asks whether evalc.lock already holds the text it
 * would write (2878a72 writes it only when its bytes change). `hashIfUnchanged` answers by
 * comparing as the text is rendered, chunk by chunk: the whole text and the whole file were held
 * at once (+100 MB peak at 100k examples). It must agree with `writeLockFile` byte for byte,
 * across chunk edges, characters beyond the BMP and a row longer than a chunk.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashIfUnchanged } from '../../src/lockfile/same-bytes.js';
import { writeLockFile } from '../../src/lockfile/serialize.js';
import type { Lockfile } from '../../src/lockfile/types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const FIXTURE = path.join(import.meta.dirname, '../fixtures/locks/single-dataset-base.lock');

/** The fixture's lock with `rows` results, ids holding é and 😀 so chunk edges fall among them. */
function bigLock(rows: number, longRow = false): Lockfile {
  const lock = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Lockfile;
  const row = lock.results[0] as unknown as Record<string, unknown>;
  const results = Array.from({ length: rows }, (_, i) => ({
    ...row,
    example: `é${i}😀${'x'.repeat(i % 7)}`,
  }));
  if (longRow) results[1] = { ...row, example: '😀é'.repeat(300_000) };
  return { ...lock, results: results as unknown as Lockfile['results'] };
}

function written(lock: Lockfile): { file: string; bytes: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa188-same-bytes-'));
  dirs.push(dir);
  const file = path.join(dir, 'evalc.lock');
  writeLockFile(file, lock);
  return { file, bytes: readFileSync(file) };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('hashIfUnchanged', () => {
  it.each([
    ['a few rows', 3, false],
    ['5,000 rows (many chunks)', 5000, false],
    ['a row longer than a chunk', 50, true],
  ])('is the sha256 of the file evalc wrote: %s', (_, rows, longRow) => {
    const lock = bigLock(rows, longRow);
    const { file, bytes } = written(lock);
    expect(bytes.length).toBeGreaterThan(rows > 10 || longRow ? 200_000 : 0);
    expect(hashIfUnchanged(file, lock)?.digest('hex')).toBe(sha(bytes));
  });

  it('is undefined for a file one byte longer, shorter, or changed, re-indented, missing or a folder', () => {
    const lock = bigLock(5000);
    const { file, bytes } = written(lock);
    const variants: Buffer[] = [
      Buffer.concat([bytes, Buffer.from('\n')]),
      bytes.subarray(0, bytes.length - 1),
      Buffer.from(bytes.toString('utf8').replace('é2500😀', 'é2500😁')),
      Buffer.from(`${JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 4)}\n`),
    ];
    for (const v of variants) {
      writeFileSync(file, v);
      expect(hashIfUnchanged(file, lock)).toBeUndefined();
    }
    rmSync(file);
    expect(hashIfUnchanged(file, lock)).toBeUndefined();
    mkdirSync(file);
    expect(hashIfUnchanged(file, lock)).toBeUndefined();
  });
});
