/**
 * Lockfile text: keys sorted (UTF-16 order, as RFC 8785), 2-space indent, and one example
 * per line in `results` so a PR diff shows exactly the examples that changed.
 *
 * Writing streams: the header (everything but `results`) is key-sorted and rendered once, then
 * the results go out 100 lines at a time through a small buffer, so a 100k-example lockfile
 * never exists as one string or as a key-sorted copy of every result.
 */

import type { Hash } from 'node:crypto';
import { closeSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sortedKeys } from '../protocols/canonical-json.js';
import { checkLockShape, type LockShapeProblem, SHAPE_ADVICE } from './check-shape.js';
import { withIdMaps } from './id-maps.js';
import { describeLockJsonError } from './lock-json-error.js';
import { lockWriteTarget } from './lock-write-target.js';
import { readLockText } from './read-lock-text.js';
import type { Lockfile } from './types.js';

export { SHAPE_ADVICE };

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of sortedKeys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      // An agent's `__proto__` key (JSON.parse keeps it as an own key) stays a key: an assignment
      // would set the copy's prototype instead, and the key would vanish from the output (QA34).
      if (key === '__proto__')
        Object.defineProperty(out, key, {
          value: sortKeys(v),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * What `sortKeys(value)` serializes as, sharing every part of `value` that is already key-sorted
 * plain JSON: only unsorted objects (and the arrays and objects holding them) are copied. For
 * `JSON.stringify` only: the result may be `value` itself or hold parts of it, never to be
 * mutated. Cached trajectories are mostly sorted already (only their top object is not), so
 * report.json's rows no longer copy every record whole. Objects that are not plain (a Date, a
 * class instance) and objects with a `__proto__` or `toJSON` key go through `sortKeys` itself.
 */
export function sortedForJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const s = sortedForJson(v);
      if (out === undefined && s !== v) out = value.slice(0, i);
      if (out !== undefined) out.push(s);
    }
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return sortKeys(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let inOrder = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === '__proto__' || key === 'toJSON') return sortKeys(value);
    if (i > 0 && !(keys[i - 1]! < key)) inOrder = false;
  }
  if (!inOrder) {
    const out: Record<string, unknown> = {};
    for (const key of keys.sort()) {
      const v = record[key];
      if (v !== undefined) out[key] = sortedForJson(v);
    }
    return out;
  }
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = record[key];
    const s = sortedForJson(v);
    if (out === undefined && s !== v) {
      out = {};
      for (let j = 0; j < i; j++) {
        const earlier = record[keys[j]!];
        if (earlier !== undefined) out[keys[j]!] = earlier;
      }
    }
    if (out !== undefined && s !== undefined) out[key] = s;
  }
  return out ?? value;
}

/**
 * Whether `sortKeys(value)` would serialize exactly like `value`: every object's keys already in
 * sorted order and no undefined members. Checking is much cheaper than copying, and apply builds
 * its results key-sorted.
 */
export function isKeySorted(value: unknown): boolean {
  // Only objects and arrays are walked into: a lockfile row is mostly strings and numbers.
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object' && !isKeySorted(v)) return false;
    return true;
  }
  if (value === null || typeof value !== 'object') return true;
  let previous: string | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (previous !== undefined && !(previous < key)) return false;
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) return false;
    if (v !== null && typeof v === 'object' && !isKeySorted(v)) return false;
    previous = key;
  }
  return true;
}

/** The top-level `results` key as `JSON.stringify(…, null, 2)` writes it (deeper keys are indented more). */
const RESULTS_MARK = '\n  "results": []';

/**
 * Calls `write` with the lockfile text in order: header, one chunk per result line, tail.
 * `resultsSorted`: the caller built every result key-sorted (apply's rows, `lockResult`), so
 * none is checked (`isKeySorted` walks every row: ~9 ms at 10k examples).
 */
export function emitLock(lock: Lockfile, write: (text: string) => void, resultsSorted = false): void {
  const header = JSON.stringify(sortKeys({ ...lock, results: [] }), null, 2);
  const at = header.indexOf(RESULTS_MARK);
  if (at === -1) throw new Error('serializeLock: the header has no top-level results key');
  const split = at + RESULTS_MARK.length - 2; // just before `[]`
  write(header.slice(0, split));
  const results = lock.results;
  if (results.length === 0) write('[]');
  else {
    write('[\n');
    for (let i = 0; i < results.length; i += ROWS_PER_BATCH) {
      const end = Math.min(i + ROWS_PER_BATCH, results.length);
      write(`    ${resultLines(results, i, end, resultsSorted)}${end < results.length ? ',\n' : '\n  ]'}`);
    }
  }
  write(`${header.slice(split + 2)}\n`);
}

/** Rows serialized per `JSON.stringify` call (one call per row cost ~1 µs more each: 10 ms at 10k). */
const ROWS_PER_BATCH = 100;
/** Put between the rows of a batch, then cut out: a string that an apply-built row never holds. */
const ROW_MARK = '\u0000evalc:row\u0000';
const ROW_SEPARATOR = `,${JSON.stringify(ROW_MARK)},`;

/**
 * Rows `[start, end)` as lockfile lines (each compact JSON, key-sorted), joined by `,\n    `.
 * They are serialized in one call, as `[row, MARK, row, MARK, …]`, and split at the marks. A row
 * that holds the mark's text itself makes one part too many: that batch is serialized row by
 * row, so the text is always what one call per row writes.
 */
function resultLines(results: readonly unknown[], start: number, end: number, sorted: boolean): string {
  const batch: unknown[] = [];
  let plain = true;
  for (let i = start; i < end; i++) {
    const r = results[i];
    // Only objects: `JSON.stringify(undefined)` alone is no JSON at all (written as "undefined").
    if (r === null || typeof r !== 'object') plain = false;
    if (i > start) batch.push(ROW_MARK);
    batch.push(sorted || isKeySorted(r) ? r : sortKeys(r));
  }
  if (plain) {
    const lines = JSON.stringify(batch).slice(1, -1).split(ROW_SEPARATOR);
    if (lines.length === end - start) return lines.join(',\n    ');
  }
  const lines: string[] = [];
  for (let i = 0; i < batch.length; i += 2) lines.push(`${JSON.stringify(batch[i])}`);
  return lines.join(',\n    ');
}

export function serializeLock(lock: Lockfile): string {
  const parts: string[] = [];
  emitLock(lock, (text) => parts.push(text));
  return parts.join('');
}

/** Small enough that each joined piece stays in V8's young generation and dies there. */
export const WRITE_CHUNK = 64 * 1024;

export interface LockWriteOptions {
  /** Every result is already key-sorted, with no undefined member (apply builds them so). */
  resultsSorted?: boolean;
  /** Fed every byte written, in order (the report stamp is a digest of the lockfile's bytes). */
  hash?: Hash;
}

/**
 * Writes the lockfile atomically (temp file + rename), streaming the results line by line
 * through a small buffer; each chunk is encoded once, written and fed to `options.hash`.
 */
export function writeLockFile(named: string, lock: Lockfile, options: LockWriteOptions = {}): void {
  const file = lockWriteTarget(named);
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openTemp(tmp, file);
  const { hash } = options;
  try {
    // Each chunk is encoded into one reused buffer (a UTF-16 unit is at most 3 bytes of UTF-8):
    // no new buffer per chunk for the collector to account for and free.
    const buffer = Buffer.allocUnsafe(3 * 2 * WRITE_CHUNK);
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = () => {
      if (pendingLength === 0) return;
      const text = pending.join('');
      pending = [];
      pendingLength = 0;
      const bytes =
        3 * text.length <= buffer.length
          ? buffer.subarray(0, buffer.write(text, 0))
          : Buffer.from(text, 'utf8');
      writeBytes(fd, bytes);
      hash?.update(bytes);
    };
    emitLock(
      lock,
      (text) => {
        pending.push(text);
        pendingLength += text.length;
        if (pendingLength >= WRITE_CHUNK) flush();
      },
      options.resultsSorted ?? false,
    );
    flush();
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {}
    // A full disk: the error names the lockfile (a write to a descriptor names none).
    if (err instanceof Error && !('path' in err)) Object.assign(err, { path: file });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (err) {
    // e.g. the lockfile's path is a folder: leave no temp file behind (the steps are in the cache)
    try {
      unlinkSync(tmp);
    } catch {}
    throw err;
  }
  removeStaleTemps(file);
}

/**
 * Opens `<file>.tmp-<pid>`; a refusal names the lockfile, not the temp file (QA183: a read-only
 * plan folder said `open '…/evalc.lock.tmp-2127'`), as the reports' writer does (QA95).
 */
function openTemp(tmp: string, file: string): number {
  try {
    return openSync(tmp, 'w');
  } catch (err) {
    if (err instanceof Error && (err as { path?: unknown }).path === tmp) {
      err.message = err.message.split(tmp).join(file);
      Object.assign(err, { path: file });
    }
    throw err;
  }
}

/** Writes all of `bytes` (a short write, rare on regular files, is finished). */
function writeBytes(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** Temp files of earlier writes whose process died mid-write (`kill -9`): `<file>.tmp-<pid>`. */
export function removeStaleTemps(file: string): void {
  const prefix = `${path.basename(file)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    // Only `<file>.tmp-<decimal pid>` as written above: `Number` also reads `1e3`, `0x10` or ` 12`.
    if (!name.startsWith(prefix) || !/^[1-9]\d*$/.test(name.slice(prefix.length))) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isSafeInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    try {
      unlinkSync(path.join(path.dirname(file), name));
    } catch {}
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LockRead =
  | { ok: true; lock: Lockfile }
  | { ok: false; missing: boolean; unreadable?: true; message: string };

export function readLockFile(file: string): LockRead {
  const read = readLockText(file);
  return read.ok ? parseLockText(file, read.text) : read;
}

function parseLockText(
  file: string,
  text: string,
): { ok: true; lock: Lockfile } | { ok: false; missing: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, missing: false, message: describeLockJsonError(file, text, err) };
  }
  const problem = checkLockShape(parsed);
  return problem
    ? { ok: false, missing: false, message: describeShapeProblem(file, text, problem) }
    : { ok: true, lock: withIdMaps(parsed as Lockfile) };
}

/** What opens the `results` rows in the layout `serializeLock` writes (one row per line). */
const RESULTS_OPEN = '\n  "results": [\n';

/** Whether each line from `start` to the `index`th is one row (QA192: jq's layout; QA197: a row above spread). */
function isOneLineRow(text: string, start: number, index: number): boolean {
  for (let i = 0, at = start; i <= index; i++) {
    const end = text.indexOf('\n', at);
    if (!isOneRow(text.slice(at, end === -1 ? undefined : end))) return false;
    if (end === -1) return i === index;
    at = end + 1;
  }
  return true;
}

/** One row, `    {…},`: two joined, `{…},{…},`, are not (QA200). */
function isOneRow(line: string): boolean {
  try {
    const row: unknown = /^ {4}\{.*\},?$/.test(line) && JSON.parse(line.replace(/,$/, ''));
    return typeof row === 'object' && row !== null && !Array.isArray(row);
  } catch {
    return false;
  }
}

/** `file:line: …` for a problem in one results row (the layout has one per line), else `file: …`. */
function describeShapeProblem(file: string, text: string, problem: LockShapeProblem): string {
  if (problem.kind === 'newer') return `${file}: ${problem.message}`;
  let where = file;
  const open = problem.resultIndex === undefined ? -1 : text.indexOf(RESULTS_OPEN);
  if (open !== -1 && problem.resultIndex !== undefined) {
    let line = 3; // `open` is the newline ending the line before `"results": [`; rows start on the line after it
    for (let i = text.indexOf('\n'); i !== -1 && i < open; i = text.indexOf('\n', i + 1)) line++;
    if (isOneLineRow(text, open + RESULTS_OPEN.length, problem.resultIndex))
      where = `${file}:${line + problem.resultIndex}`;
  }
  return `${where} is not an evalc lockfile: ${problem.message}${SHAPE_ADVICE}`;
}

/**
 * The lockfile without its per-example results (`results: []`), for callers that need only
 * its pins: a lockfile in the layout `serializeLock` writes has its results between
 * `"results": [` and the first `\n  ]`, one per line, and they are cut out of the text before
 * parsing; any other layout is parsed whole.
 */
export function readLockHeader(file: string): LockRead {
  const raw = readLockText(file);
  if (!raw.ok) return raw;
  const text = raw.text;
  const start = text.indexOf(RESULTS_OPEN);
  const end = start === -1 ? -1 : text.indexOf('\n  ]', start + RESULTS_OPEN.length - 1);
  if (start !== -1 && end !== -1) {
    try {
      const lock: unknown = JSON.parse(`${text.slice(0, start)}\n  "results": []${text.slice(end + 4)}`);
      const problem = checkLockShape(lock);
      if (!problem) return { ok: true, lock: withIdMaps(lock as Lockfile) };
      return { ok: false, missing: false, message: describeShapeProblem(file, text, problem) };
    } catch {
      // not the layout serializeLock writes: parse it whole below
    }
  }
  const read = parseLockText(file, text);
  return read.ok ? { ok: true, lock: { ...read.lock, results: [] } } : read;
}
