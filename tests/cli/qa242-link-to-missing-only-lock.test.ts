/**
 * Regression (QA242): the case between c55fee5 (a missing .evalc/evalc.only.lock is told an
 * `apply --only` run writes it) and 43d9890 (a link to a missing evalc.lock keeps 'run `evalc
 * apply`'): a link to a missing .evalc/evalc.only.lock (`only.lock → sub/.evalc/evalc.only.lock`)
 * read "`evalc apply` writes only the evalc.lock beside a plan, not only.lock", judged by the
 * link's own name, though an `apply --only` run in sub writes the file it links to.
 */
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa242-only-link-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a link to a missing .evalc/evalc.only.lock is told an apply --only run writes it', async () => {
  copyFileSync(
    path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
    path.join(dir, 'evalc.lock'),
  );
  symlinkSync('sub/.evalc/evalc.only.lock', path.join(dir, 'only.lock'));
  const run = await runCommand(diffCommand, ['only.lock', 'evalc.lock'], { cwd: dir });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    'it is a link to sub/.evalc/evalc.only.lock, which does not exist (an `evalc apply --only …` run writes it when it ends, or check the path)',
  );
  // a link to another missing name keeps the advice that apply writes no such file
  symlinkSync('gone/base.lock', path.join(dir, 'b.lock'));
  const other = await runCommand(diffCommand, ['evalc.lock', 'b.lock'], { cwd: dir });
  expect(other.stderr).toContain('`evalc apply` writes only the evalc.lock beside a plan');
});
