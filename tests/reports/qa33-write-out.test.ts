/**
 * QA33: the write-out after the last reply does less work for the same bytes — the lockfile is
 * encoded into one reused buffer and hashed as it is written (the report stamp), and apply's
 * key-sorted rows are not checked again. Pinned beside them: sortedForJson's output and the
 * report model's row order (code units, stable), which QA33 tried faster variants of.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishReportStamp, reportStamp } from '../../src/executor/up-to-date.js';
import { sortedForJson, sortKeys, writeLockFile } from '../../src/lockfile/serialize.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { referenceLockText } from '../fixtures/locks/reference-text.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa33-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `copies` × the fixture's rows with example ids in code-unit order, non-ASCII and astral text. */
function lockWithRows(copies: number, exampleText: (k: number) => string): Lockfile {
  const lock = baselineLock();
  const results: LockResult[] = [];
  for (let k = 0; k < copies; k++)
    for (const r of lock.results) results.push(sortKeys({ ...r, example: exampleText(k) }) as LockResult);
  return { ...lock, results };
}

describe('the lockfile written through the reused buffer', () => {
  it('is the reference text, hashed as written, with rows wider than the buffer and multi-byte text', () => {
    // ~3,000 rows with 3-byte and 4-byte characters fill the 256 KiB buffer many times; one row
    // of 200,000 characters (600 KB of UTF-8 at most) does not fit in it at all.
    const lock = lockWithRows(34, (k) => `ex-${String(k).padStart(4, '0')}-€-😀-ü`);
    const wide = lock.results[5];
    if (wide) wide.example = `wide-${'é'.repeat(100_000)}${'😀'.repeat(50_000)}`;
    const file = path.join(dir, 'evalc.lock');
    const hash = createHash('sha256');
    writeLockFile(file, lock, { resultsSorted: true, hash });
    const bytes = readFileSync(file);
    expect(bytes.toString('utf8')).toBe(referenceLockText(lock));
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('still sorts rows that are not key-sorted unless the caller says they are', () => {
    const lock = baselineLock();
    const results = lock.results.map((r) => {
      const { weight, pass, ...rest } = r;
      return { weight, pass, ...rest } as LockResult;
    });
    const unsorted = { ...lock, results };
    const file = path.join(dir, 'unsorted.lock');
    writeLockFile(file, unsorted);
    expect(readFileSync(file, 'utf8')).toBe(referenceLockText(unsorted));
    // Trusted, the rows are written as they are (the option is only for rows built sorted).
    writeLockFile(file, unsorted, { resultsSorted: true });
    expect(readFileSync(file, 'utf8')).not.toBe(referenceLockText(unsorted));
  });
});

describe('the lockfile rows serialized 100 per call', () => {
  it('splits each batch into lines exactly, even when a row holds the text put between rows', () => {
    const mark = '\u0000evalc:row\u0000';
    // 250 rows: batches of 100, 100 and 50; rows 3 and 150 hold the mark (as an id, in an
    // array: `,"mark",` inside the row), row 7 a near miss, the last row is alone in no batch.
    const lock = lockWithRows(3, (k) => `e${k}`);
    const rows = lock.results.slice(0, 250);
    while (rows.length < 250) rows.push(...lock.results.slice(0, 250 - rows.length));
    const results = rows.map((r, i) => {
      const copy = JSON.parse(JSON.stringify(r)) as LockResult;
      copy.example = `row-${i}`;
      if (i === 3) copy.example = mark;
      if (i === 150) copy.invoke = ['k1:a', mark, 'k1:b'];
      if (i === 7) copy.invoke = [`${mark} `, 'x'];
      return sortKeys(copy) as LockResult;
    });
    for (const variant of [results, results.slice(0, 101), results.slice(0, 1), results.slice(100, 201)]) {
      const l = { ...lock, results: variant };
      const file = path.join(dir, 'batches.lock');
      writeLockFile(file, l, { resultsSorted: true });
      expect(readFileSync(file, 'utf8')).toBe(referenceLockText(l));
      writeLockFile(file, l);
      expect(readFileSync(file, 'utf8')).toBe(referenceLockText(l));
    }
  });
});

describe('the report stamp', () => {
  it('is the same from the bytes written as from the lockfile read back, with and without a baseline', () => {
    const lock = lockWithRows(3, (k) => `e${k}`);
    const file = path.join(dir, 'stamp.lock');
    const baseline = path.join(dir, 'baseline.lock');
    writeLockFile(baseline, baselineLock());
    for (const base of [undefined, baseline]) {
      const hash = createHash('sha256');
      writeLockFile(file, lock, { resultsSorted: true, hash });
      expect(finishReportStamp(hash, base)).toBe(reportStamp(file, base));
    }
  });
});

describe('sortedForJson', () => {
  it('serializes exactly as sortKeys, sharing what is already sorted', () => {
    const sortedChild = { a: 1, b: [1, { c: 2, d: 3 }] };
    const values: unknown[] = [
      { z: 1, a: { y: 2, b: 3 }, m: [{ q: 1, p: 2 }, 'x'] },
      { a: sortedChild, b: undefined, c: { e: 1, d: undefined } },
      { a: 1, b: { d: 1, c: 2 }, c: undefined, e: [undefined, { g: 1, f: 2 }] },
      { 10: 'ten', 9: 'nine', b: 1, a: 2 },
      JSON.parse('{"__proto__": {"b": 1, "a": 2}, "x": 1}'),
      [{ b: 1, a: 2 }, null, 3, 'text'],
      { a: new Date(0), b: { toJSON: () => 'j', a: 1 } },
    ];
    for (const v of values)
      expect(JSON.stringify(sortedForJson(v), null, 2)).toBe(JSON.stringify(sortKeys(v), null, 2));
    const record = { response: 1, messages: [], events: { a: sortedChild } };
    const out = sortedForJson(record) as typeof record;
    expect(Object.keys(out)).toEqual(['events', 'messages', 'response']);
    expect(out.events.a).toBe(sortedChild);
    expect(sortedForJson(sortedChild)).toBe(sortedChild);
  });
});

describe('the report model', () => {
  it("orders a dataset's rows by example id in code-unit order, as the comparator did", () => {
    const ids = ['e10', 'e2', 'e1', 'E9', 'é', 'z', '😀', '\uffff', 'e100', 'e1 ', ''];
    const lock = lockWithRows(1, () => 'x');
    const row = lock.results[0];
    if (!row) throw new Error('fixture has no rows');
    const rows = ids.map((id) => ({ ...row, example: id }));
    const model = buildModel({ lock: { ...lock, results: rows } });
    const expected = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(model.examples.map((e) => e.example)).toEqual(expected);
    // By hand: '' < 'E9' < 'e1' < 'e1 ' < 'e10' < 'e100' < 'e2' < 'z' < 'é' < '😀' (U+D83D) < U+FFFF.
    expect(expected).toEqual(['', 'E9', 'e1', 'e1 ', 'e10', 'e100', 'e2', 'z', 'é', '😀', '\uffff']);
  });

  it('keeps the lock order of rows with the same example id (a hand-made lock)', () => {
    const lock = lockWithRows(1, () => 'x');
    const row = lock.results[0];
    if (!row) throw new Error('fixture has no rows');
    const rows = ['b', 'a', 'b', 'a'].map((id, i) => ({ ...row, example: id, weight: i }));
    const model = buildModel({ lock: { ...lock, results: rows } });
    expect(model.examples.map((e) => `${e.example}${e.weight}`)).toEqual(['a1', 'a3', 'b0', 'b2']);
  });
});
