/**
 * QA26: evalc run from a folder that was deleted after the shell entered it (`rm -rf build && mkdir
 * build` in another terminal, a CI workspace checked out again). process.cwd() throws ENOENT: evalc
 * printed "internal error" with a Node stack trace. Now one line (and the --json result), exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { CLI, FIXTURE_PLANS } from './run-cli.js';

function runInDeletedFolder(args: string[]) {
  const gone = path.join(tempFolder('evalc-qa26-cwd-'), 'gone');
  mkdirSync(gone);
  return spawnSync(
    'sh',
    ['-c', 'cd "$1" && rmdir "$1" && shift && exec "$@"', 'sh', gone, process.execPath, CLI, ...args],
    {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
}

describe('evalc in a deleted current folder', () => {
  const message =
    'evalc: the current folder no longer exists (deleted or replaced since this shell entered it): cd into a folder again (ENOENT)\n';

  it('says so in one line and exits 1', () => {
    const r = runInDeletedFolder(['validate', FIXTURE_PLANS]);
    expect(r.stderr).toBe(message);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
  });

  it('gives --json callers the result on stdout', () => {
    const r = runInDeletedFolder(['plan', '--json', FIXTURE_PLANS]);
    expect(r.stderr).toBe(message);
    expect(JSON.parse(r.stdout)).toMatchObject({ event: 'result', exitCode: 1, status: 'refused' });
    expect(r.status).toBe(1);
  });

  it('still answers --version, which needs no folder', () => {
    const r = runInDeletedFolder(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
