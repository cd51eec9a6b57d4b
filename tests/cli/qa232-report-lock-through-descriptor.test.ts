/**
 * Regression (QA232): the case next to 718773a. `evalc report --from /dev/stdin < evalc.lock`, a
 * regular file named through a descriptor, was taken for a file in /dev: with no --out it wrote
 * /dev/.evalc/reports/* (as root; else it failed making them), and with --format it noted "no cache
 * at ../../dev/.evalc/cache". Such a lock has no folder of its own, as a pipe has none: refused
 * without --out or --format, and noted so. `/proc/self/fd/N` stands for `/dev/stdin` here.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { CLI, REPO_ROOT, runCommand } from './run-cli.js';

const dir = tempFolder('evalc-qa232-descriptor-');
copyFileSync(
  path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
  path.join(dir, 'base.lock'),
);
const fd = openSync(path.join(dir, 'base.lock'), 'r');
const named = `/proc/self/fd/${fd}`;
afterAll(() => closeSync(fd));

it('/dev/stdin from a file is noted as having no folder, not a cache under /dev', () => {
  const run = spawnSync(
    'bash',
    ['-c', `"${process.execPath}" "${CLI}" report --from /dev/stdin --format md < base.lock 2>&1 >/dev/null`],
    { cwd: dir, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' },
  );
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    "note: /dev/stdin is a file named through a descriptor, with no folder and so no cache beside it: the reports have no trajectories, judge rationales or failure details (--cache-dir DIR names the run's cache)\n",
  );
});

it('without --out or --format it is refused, writing nothing beside the descriptor', async () => {
  const run = await runCommand(reportCommand, ['--from', named], { cwd: dir });
  expect(run.code).toBe(64);
  expect(run.stderr).toMatch(
    /^evalc: \/proc\/self\/fd\/\d+ is a file named through a descriptor: there is no folder beside it for the reports/,
  );
  expect(existsSync(`/proc/self/fd/.evalc`)).toBe(false);
});
