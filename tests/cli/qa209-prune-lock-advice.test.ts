/**
 * QA209: `cache prune` told a lockfile it cannot read, of any name, to '(restore it from git, or
 * delete it and run `evalc apply` to re-create it)': a baseline named with `--lock base.lock`, which
 * apply never writes (QA180's case, in prune), and apply --only's .evalc/evalc.only.lock, which is
 * not in git and which apply does not write either. It says what diff and report say of each now.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheCommand } from '../../src/cli/cache.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const LOCK = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');

/** A plan folder with a cache and a good evalc.lock. */
function planFolder(): string {
  const dir = tempFolder('evalc-qa209-prune-');
  mkdirSync(path.join(dir, '.evalc/cache'), { recursive: true });
  const json = '{"n":1}';
  writeFileSync(
    path.join(dir, '.evalc/cache/steps.log'),
    `k1:${'a'.repeat(64)}\tinvoke\t${json.length}\t${json}\n`,
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\n');
  writeFileSync(path.join(dir, 'evalc.lock'), LOCK);
  return dir;
}

describe('cache prune over a lockfile it cannot read (QA209)', () => {
  it('tells a baseline named with --lock to restore it, not to run apply', async () => {
    const dir = planFolder();
    writeFileSync(path.join(dir, 'base.lock'), LOCK.slice(0, 300));
    const run = await runCommand(cacheCommand, ['prune', '--lock', 'base.lock', '--dry-run'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '(restore it from git or from where it came from: `evalc apply` writes only the evalc.lock beside a plan, not base.lock); prune keeps what the lockfile(s) reach, so it needs one',
    );
  });

  it("tells apply --only's lock to run apply --only again", async () => {
    const dir = planFolder();
    writeFileSync(path.join(dir, '.evalc/evalc.only.lock'), LOCK.slice(0, 300));
    const run = await runCommand(cacheCommand, ['prune', '--dry-run'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('evalc.only.lock:');
    expect(run.stderr).toContain(
      '(delete it and run `evalc apply --only …` again to re-create it); prune keeps what the lockfile(s) reach, so it needs one',
    );
  });

  it('keeps apply as the way out of a damaged evalc.lock', async () => {
    const dir = planFolder();
    writeFileSync(path.join(dir, 'evalc.lock'), LOCK.slice(0, 300));
    const run = await runCommand(cacheCommand, ['prune', '--dry-run'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '(restore it from git, or delete it and run `evalc apply` to re-create it); prune keeps',
    );
  });
});
