/**
 * Regression (QA228): a lockfile named on the command line that is not there and is not apply's
 * evalc.lock — `evalc diff main.lock evalc.lock`, `--baseline base.lock`, or a link to nothing
 * named so — was told "(run `evalc apply` to create it, or check the path)": apply writes the
 * evalc.lock beside a plan, never main.lock (QA180 says so of such a lock's wrong shape). A
 * missing evalc.lock keeps the advice, which holds for it.
 */
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa228-named-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a missing lock named other than evalc.lock is not told to run evalc apply', async () => {
  copyFileSync(
    path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
    path.join(dir, 'evalc.lock'),
  );
  const other = await runCommand(diffCommand, ['main.lock', 'evalc.lock'], { cwd: dir });
  expect(other.code).toBe(1);
  expect(other.stderr).toBe(
    `evalc: cannot read the old lockfile: no lockfile at ${path.join(dir, 'main.lock')} (check the path: \`evalc apply\` writes only the evalc.lock beside a plan, not main.lock)\n`,
  );
  const own = await runCommand(diffCommand, ['evalc.lock', 'sub/evalc.lock'], { cwd: dir });
  expect(own.stderr).toContain('(run `evalc apply` to create it, or check the path)');
});

it('a missing .evalc/evalc.only.lock is told an apply --only run writes it (QA232)', async () => {
  // It read 'apply writes only the evalc.lock beside a plan, not evalc.only.lock', which --only does write.
  const only = await runCommand(diffCommand, ['.evalc/evalc.only.lock', 'evalc.lock'], { cwd: dir });
  expect(only.code).toBe(1);
  expect(only.stderr).toBe(
    `evalc: cannot read the old lockfile: no lockfile at ${path.join(dir, '.evalc', 'evalc.only.lock')} (an \`evalc apply --only …\` run writes it when it ends, or check the path)\n`,
  );
});

it('a link to a missing evalc.lock keeps the advice to run evalc apply (QA232)', async () => {
  // `l4 → evalc.lock` read 'evalc apply writes only the evalc.lock beside a plan, not l4': apply writes
  // the evalc.lock it links to (QA212).
  symlinkSync('sub/evalc.lock', path.join(dir, 'l4'));
  const link = await runCommand(diffCommand, ['l4', 'evalc.lock'], { cwd: dir });
  expect(link.stderr).toContain(
    'it is a link to sub/evalc.lock, which does not exist (run `evalc apply` to create it, or check the path)',
  );
});
