/**
 * QA303: a folder apply, report or cache prune could not make for want of permission (`--cache-dir
 * ro/sub`, `ro` read-only) read `no permission to write ro/sub`, naming a folder that does not exist:
 * the folder refused is the one it was to be made in, `cannot create ro/sub: no permission to write
 * in ro`. A file's refusal names the file as before.
 */
import { describe, expect, it } from 'vitest';
import { explainFileSystemError } from '../../src/cli/describe-fs-error.js';

describe('explainFileSystemError: a folder it had no permission to make', () => {
  it('names the folder it was to be made in', () => {
    expect(explainFileSystemError({ code: 'EACCES', syscall: 'mkdir', path: '/w/ro/sub' }, '/w')).toBe(
      'cannot create ro/sub: no permission to write in ro',
    );
    expect(explainFileSystemError({ code: 'EPERM', syscall: 'mkdir', path: '/w/.evalc' }, '/w')).toBe(
      'cannot create .evalc: no permission to write in /w',
    );
  });

  it('names a file it could not write as before', () => {
    expect(explainFileSystemError({ code: 'EACCES', syscall: 'open', path: '/w/evalc.lock' }, '/w')).toBe(
      'no permission to write evalc.lock',
    );
  });
});
