/**
 * A file system refusal says why in the user's terms after Node's message (QA6: `--out FILE`
 * printed only "EEXIST: file already exists, mkdir '…/out.txt'"; an evalc.lock that is a folder
 * only "EISDIR: illegal operation on a directory, rename '…tmp-123' -> '…/evalc.lock'").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { explainFileSystemError } from '../../src/cli/describe-fs-error.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa6-fs-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('explainFileSystemError', () => {
  it('names the path relative to the working directory and what is wrong with it', () => {
    expect(explainFileSystemError({ code: 'EEXIST', syscall: 'mkdir', path: '/w/out.txt' }, '/w')).toBe(
      'out.txt is a file, not a folder',
    );
    expect(
      explainFileSystemError(
        { code: 'EISDIR', syscall: 'rename', path: '/w/evalc.lock.tmp-1', dest: '/w/evalc.lock' },
        '/w',
      ),
    ).toBe('evalc.lock is a folder, not a file');
    expect(explainFileSystemError({ code: 'ENOTDIR', path: '/w/.evalc/cache' }, '/w')).toBe(
      'a part of .evalc/cache is a file, not a folder',
    );
    expect(explainFileSystemError({ code: 'EACCES', path: '/etc/x' }, '/w')).toBe(
      'no permission to write ../etc/x',
    );
  });

  it('adds nothing when it has no path or does not know the code', () => {
    expect(explainFileSystemError({ code: 'EEXIST', syscall: 'open' }, '/w')).toBeUndefined();
    expect(explainFileSystemError({ code: 'EIO', path: '/w/x' }, '/w')).toBeUndefined();
    expect(explainFileSystemError('boom', '/w')).toBeUndefined();
  });
});

describe('evalc report --out FILE (real process)', () => {
  it('exits 1 with one line saying the --out path is a file', () => {
    writeFileSync(path.join(dir, 'out.txt'), 'not a folder');
    const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
    const r = spawnCli(['report', '--from', lock, '--out', 'out.txt'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^evalc: cannot write: EEXIST: .*\(out\.txt is a file, not a folder\)\n$/);
  });
});
