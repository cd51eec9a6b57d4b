/**
 * Regression (QA242): b3f0724 refused `report --from /dev/stdin < evalc.lock` and `apply /dev/stdin <
 * evalc.yaml` without a folder to write beside, but the refusal asked '/dev/stdin is not a file (a
 * pipe?)' of what is a file, while the note beside it says 'a file named through a descriptor'. The
 * refusal names it so; a pipe is still asked 'a pipe?'. `/proc/self/fd/N` stands for `/dev/stdin`.
 */
import { closeSync, copyFileSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { reportCommand } from '../../src/cli/report.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = tempFolder('evalc-qa242-descriptor-');
copyFileSync(
  path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'),
  path.join(dir, 'base.lock'),
);
writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\ntasks: {}\n');
const lockFd = openSync(path.join(dir, 'base.lock'), 'r');
const planFd = openSync(path.join(dir, 'evalc.yaml'), 'r');
afterAll(() => {
  closeSync(lockFd);
  closeSync(planFd);
});

it('report --from a lock named through a descriptor is refused naming it a file, not a pipe', async () => {
  const run = await runCommand(reportCommand, ['--from', `/proc/self/fd/${lockFd}`], { cwd: dir });
  expect(run.code).toBe(64);
  expect(run.stderr).toContain(
    `/proc/self/fd/${lockFd} is a file named through a descriptor: there is no folder`,
  );
  expect(run.stderr).not.toContain('a pipe?');
});

it('apply of a plan named through a descriptor is refused naming it a file, not a pipe', async () => {
  const run = await runCommand(applyCommand, [`/proc/self/fd/${planFd}`], { cwd: dir });
  expect(run.code).toBe(64);
  expect(run.stderr).toContain(
    `/proc/self/fd/${planFd} is a file named through a descriptor: apply writes evalc.lock`,
  );
  expect(run.stderr).not.toContain('a pipe?');
});
