/**
 * Regression (QA228): `evalc report --from <(git show HEAD:evalc.lock) --format md`, a piped lock
 * (read as given since 3b9fd84), noted "no cache at ../../dev/fd/.evalc/cache": a folder under
 * /dev that nobody named. A pipe has no folder: the note says so, and how to name the cache.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { CLI, REPO_ROOT } from './run-cli.js';

it('a piped lock without --cache-dir is noted as a pipe, not as a cache under /dev', () => {
  const dir = tempFolder('evalc-qa228-piped-');
  copyFileSync(
    path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
    path.join(dir, 'base.lock'),
  );
  const run = spawnSync(
    'bash',
    ['-c', `"${process.execPath}" "${CLI}" report --from <(cat base.lock) --format md 2>&1 >/dev/null`],
    { cwd: dir, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' },
  );
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(
    /^note: \/dev\/fd\/\d+ is a pipe, with no folder and so no cache beside it: the reports have no trajectories, judge rationales or failure details \(--cache-dir DIR names the run's cache\)\n$/,
  );
});
