/**
 * QA192: a results row whose error kinds are not text (a hand edit: a row's `errors: [5]`, a
 * metric's `error: null`) passed the shape check, and `evalc report` (md, and apply's report.md)
 * stopped on "internal error: TypeError: text.replace is not a function" where it quotes the kind.
 * Every lock evalc writes records them as text (a row's `errors` holds null for a repeat that did
 * not fail): such a row is refused at its line, naming the field.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa192-error-kinds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = { errors?: unknown[]; metrics: Record<string, Record<string, unknown>> };

function lockWith(edit: (row: Row) => void): string {
  const lock = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
  ) as { results: Row[] };
  edit(lock.results[1] as Row);
  const file = path.join(dir, 'evalc.lock');
  writeFileSync(file, JSON.stringify(lock, null, 2));
  return file;
}

describe("a results row's error kinds of another type (QA192)", () => {
  it("refuses a row's errors entry that is no text, naming it", () => {
    const read = readLockFile(lockWith((row) => (row.errors = [null, 5])));
    expect(read.ok ? '' : read.message).toContain(
      'results[1].errors[1]: expected an error kind (text) or null, got the number 5',
    );
  });

  it("refuses a metric's error that is no text, naming it", () => {
    const read = readLockFile(
      lockWith((row) => {
        const first = Object.values(row.metrics)[0] as Record<string, unknown>;
        first.error = null;
      }),
    );
    expect(read.ok ? '' : read.message).toMatch(
      /results\[1\]\.metrics\.[\w-]+\.error: expected an error kind \(text\), got null/,
    );
  });

  it('reads the kinds evalc writes: text, and null for a repeat that did not fail', () => {
    const read = readLockFile(
      lockWith((row) => {
        row.errors = [null, 'transport_error'];
        const first = Object.values(row.metrics)[0] as Record<string, unknown>;
        first.error = 'metric_error';
      }),
    );
    expect(read.ok ? 'ok' : read.message).toBe('ok');
  });
});
