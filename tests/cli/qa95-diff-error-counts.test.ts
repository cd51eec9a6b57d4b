/**
 * QA95: `evalc diff` said how many examples errored nowhere in its summary: a run whose judge
 * crashed on every example read "0 significant regression(s), …, 6 pass → fail" and nothing said
 * that those were errors, not worse answers. The summary line of the text and Markdown outputs
 * and `--json`'s summary now count each lockfile's failed example runs (`steps.errors`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeLock } from '../../src/lockfile/serialize.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa95-diff-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withErrors(lock: Lockfile, errors: Record<string, number>): Lockfile {
  return { ...lock, steps: { digest: 'd'.repeat(64), complete: true, errors } };
}

function write(name: string, lock: Lockfile): string {
  writeFileSync(path.join(dir, name), serializeLock(lock));
  return name;
}

function diff(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'diff', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('evalc diff counts the errors of each run in its summary (QA95)', () => {
  const old = write('old.lock', withErrors(baselineLock(), {}));
  const now = write('new.lock', withErrors(a2WorseLock(), { judge_error: 4, timeout: 2 }));

  it('text: in the summary line', () => {
    expect(diff(old, now).split('\n')[0]).toMatch(/fail → pass, errors 0 → 6 \(\d+ paired examples/);
  });

  it('Markdown: in the summary line', () => {
    expect(diff(old, now, '--format', 'md')).toMatch(/\*\* fail → pass · errors 0 → 6 · \d+ paired examples/);
  });

  it('--json: summary.errors, valid against report.schema.json', () => {
    const json = JSON.parse(diff(old, now, '--format', 'json'));
    expect(json.summary.errors).toEqual({ old: 0, new: 6 });
    const schema = JSON.parse(readFileSync(path.join(root, 'schemas', 'report.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(schema);
    const { exitCode: _, ...asInReport } = json;
    const valid = ajv.validate({ $ref: `${schema.$id}#/$defs/diff` }, asInReport);
    expect(valid, JSON.stringify(ajv.errors)).toBe(true);
  });

  it('says nothing when neither run errored, and `?` for a lock without the count', () => {
    const clean = write('clean.lock', withErrors(a2WorseLock(), {}));
    expect(diff(old, clean).split('\n')[0]).not.toContain('errors');
    const bare = write('bare.lock', baselineLock());
    expect(diff(bare, now).split('\n')[0]).toContain('errors ? → 6');
    expect(JSON.parse(diff(bare, now, '--format', 'json')).summary.errors).toEqual({ old: null, new: 6 });
  });
});
