/**
 * QA192: apply with an evalc.lock from a newer evalc (a branch whose lock a teammate's upgraded
 * evalc wrote) said '… this evalc reads lockVersion 1: upgrade evalc, or re-create the lockfile
 * with `evalc apply`; restore it (`git checkout -- evalc.lock`) or delete it: …'. Re-creating it
 * with apply was this refusal again, and restoring it from git brings back the same newer lock.
 * Apply now says the two ways out that work: upgrade evalc, or delete it; plan and report say
 * 'delete it and run `evalc apply`', which re-creates it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPreviousPins } from '../../src/executor/locked-inputs.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa192-newer-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function newerLock(): string {
  const lock = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
  ) as Record<string, unknown>;
  lock.lockVersion = 2;
  lock.evalc = '9.0.0';
  const file = path.join(dir, 'evalc.lock');
  writeFileSync(file, JSON.stringify(lock, null, 2));
  return file;
}

describe('an evalc.lock from a newer evalc (QA192)', () => {
  it('is told by apply to upgrade evalc or delete it, not to re-create it with apply or restore it', () => {
    const file = newerLock();
    const pins = readPreviousPins(file, dir);
    expect(pins.ok ? '' : pins.message).toBe(
      `${file}: written by evalc 9.0.0 (lockVersion 2); this evalc reads lockVersion 1: upgrade evalc, or delete it: apply then writes it again for this evalc, from the cache where it holds the steps`,
    );
  });

  it('is told by plan and report to upgrade evalc, or delete it and run apply', () => {
    const read = readLockFile(newerLock());
    expect(read.ok ? '' : read.message).toMatch(
      /upgrade evalc, or delete it and run `evalc apply` to re-create it$/,
    );
  });
});

describe('apply --locked with a lock it cannot read as one (QA197)', () => {
  it('tells a newer one to upgrade evalc, not to delete the lock it checks against', () => {
    const file = newerLock();
    const pins = readPreviousPins(file, dir, 'locked');
    expect(pins.ok ? '' : pins.message).toBe(
      `${file}: written by evalc 9.0.0 (lockVersion 2); this evalc reads lockVersion 1: upgrade evalc: --locked checks this branch against the lock as committed`,
    );
  });

  it('tells a damaged one to restore it, not that apply writes it again', () => {
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, '{"lockVersion": 1,');
    const pins = readPreviousPins(file, dir, 'locked');
    const message = pins.ok ? '' : pins.message;
    expect(message).toMatch(
      /; restore it \(`git checkout -- evalc\.lock`\): --locked checks this branch against it$/,
    );
    expect(message).not.toContain('delete it');
  });
});
