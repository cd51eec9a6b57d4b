/**
 * Regression (QA242): `evalc report --from <(git show HEAD:evalc.lock) --out out` (QA26) and
 * `--from /dev/stdin < evalc.lock --out out` (b3f0724) wrote a report.md whose footer named
 * report.html relative to the lock's "folder", /dev or /proc/<pid>/fd: `../../../tmp/…/out/report.html`,
 * a host path that leads nowhere from the repository. A lock with no folder names it from where the
 * command runs, `out/report.html`. `/proc/self/fd/N` stands for `/dev/stdin` here.
 */
import { closeSync, copyFileSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = tempFolder('evalc-qa242-footer-');
copyFileSync(
  path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
  path.join(dir, 'base.lock'),
);
const fd = openSync(path.join(dir, 'base.lock'), 'r');
afterAll(() => closeSync(fd));

it("report.md of a lock named through a descriptor names report.html from the command's folder", async () => {
  const run = await runCommand(reportCommand, ['--from', `/proc/self/fd/${fd}`, '--out', 'out'], {
    cwd: dir,
  });
  expect(run.code).toBe(0);
  const md = readFileSync(path.join(dir, 'out', 'report.md'), 'utf8');
  expect(md).toContain('<code>out/report.html</code>');
  expect(md).not.toMatch(/\.\.\/(?:\.\.\/)*tmp/);
});
