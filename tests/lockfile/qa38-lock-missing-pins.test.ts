/**
 * QA38: a hand-edited lockfile without its `agents`, `datasets` or `judges` section made `evalc
 * diff` crash ("internal error: TypeError: Cannot convert undefined or null to object" and a
 * stack), and one without `run`, `groups` or `gates` crashed `plan`/`apply` the same way: the
 * shape check accepted a missing section that every lock evalc writes has and the commands read.
 * It is now a one-line error naming the section.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from '../cli/run-cli.js';

const GOOD = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
const dir = mkdtempSync(path.join(tmpdir(), 'qa38-lock-pins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lockfile without a pins section (QA38)', () => {
  it.each(['agents', 'datasets', 'judges', 'run', 'groups'])(
    'without %s: diff and report exit 1 naming it, no stack trace',
    (key) => {
      const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as Record<string, unknown>;
      delete lock[key];
      const file = path.join(dir, `no-${key}.lock`);
      writeFileSync(file, JSON.stringify(lock, null, 2));
      for (const args of [
        ['diff', GOOD, file],
        ['diff', file, GOOD, '--format', 'md'],
        ['report', '--from', file, '--format', 'md'],
      ]) {
        const r = spawnCli(args, { cwd: dir });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`is not an evalc lockfile: ${key}: expected an object, got nothing`);
        expect(r.stderr).not.toMatch(/^\s+at |TypeError|internal error/m);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    },
  );

  it('without gates: diff and report exit 1 naming it', () => {
    const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as Record<string, unknown>;
    delete lock.gates;
    const file = path.join(dir, 'no-gates.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const r = spawnCli(['diff', GOOD, file], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not an evalc lockfile: gates: expected a list, got nothing');
  });

  it('with a volatile entry that is not an object: report exits 1 naming it', () => {
    const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as { volatile: Record<string, unknown> };
    const [group] = Object.keys(lock.volatile);
    lock.volatile[group ?? 'x'] = null;
    const file = path.join(dir, 'volatile-null.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const r = spawnCli(['report', '--from', file, '--format', 'html'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`is not an evalc lockfile: volatile.${group}: expected an object, got null`);
    expect(r.stderr).not.toMatch(/^\s+at |TypeError|internal error/m);
  });
});
