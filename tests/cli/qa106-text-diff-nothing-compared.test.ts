/**
 * QA99: `evalc diff --format md` says "0 paired examples (nothing compared)" when no example of the
 * two lockfiles pairs (a baseline of another plan, every example renamed), but the plain-text
 * summary line, what a terminal shows, read "0 significant regression(s), … (0 paired examples,
 * 3 new, 3 gone …)" as if all were clear. The text line says it too now; with pairs it does not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeLock } from '../../src/lockfile/serialize.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa106-diff-nothing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, lock: Lockfile): string {
  writeFileSync(path.join(dir, name), serializeLock(lock));
  return name;
}

function diff(...args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, 'diff', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(r.stderr).not.toMatch(/at .*\.mjs:\d+/);
  return r.stdout;
}

const summaryLine = (...args: string[]) => diff(...args).split('\n')[0]!;

describe('plain-text evalc diff says when nothing was compared (QA106)', () => {
  const renamed = baselineLock();
  renamed.results = renamed.results.map((r) => ({ ...r, example: `old-${r.example}` }));
  const old = write('old.lock', renamed);
  const now = write('new.lock', baselineLock());
  const same = write('same.lock', baselineLock());

  it('no example pairs: "0 paired examples (nothing compared)", as the Markdown says', () => {
    expect(summaryLine(old, now)).toMatch(
      /\(0 paired examples \(nothing compared\), \d+ new, \d+ gone, α = /,
    );
    expect(diff(old, now, '--format', 'md')).toContain('0 paired examples (nothing compared)');
  });

  it('one example pairs: "1 paired example", singular, in every format', () => {
    const renamedButOne = baselineLock();
    const kept = renamedButOne.results[0]!;
    renamedButOne.results = renamedButOne.results.map((r) =>
      r.group === kept.group && r.example === kept.example ? r : { ...r, example: `old-${r.example}` },
    );
    const one = write('one.lock', renamedButOne);
    expect(summaryLine(one, now)).toMatch(/\(1 paired example, \d+ new, \d+ gone, α = /);
    expect(diff(one, now, '--format', 'md')).toMatch(/· 1 paired example, \d+ new/);
    // QA157: the note under the table, where aggregates moved, counts it alike
    const worse = write('worse.lock', a2WorseLock());
    expect(diff(one, worse)).toContain('the CI, p and verdict test the 1 paired example only');
    expect(diff(one, worse, '--format', 'md')).toContain(
      'the CI, p and verdict test the 1 paired example only',
    );
  });

  it('examples pair: no such note', () => {
    const line = summaryLine(same, now);
    expect(line).toMatch(/\(\d+ paired examples, α = /);
    expect(line).not.toContain('nothing compared');
  });
});
