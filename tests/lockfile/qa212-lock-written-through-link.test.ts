/**
 * QA212: an evalc.lock that is a symbolic link to a lockfile (`evalc.lock -> locks/prod.lock`) was
 * replaced by a plain file when apply wrote it (temp file + rename onto the link's name), leaving the
 * lock it pointed at as it was. It is written through the link now; a link to nothing is replaced.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLockFile, writeLockFile } from '../../src/lockfile/serialize.js';
import { buildCourseAdvisorLock } from '../fixtures/locks/course-advisor.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa212-link-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writing an evalc.lock that is a symbolic link', () => {
  it('writes the lock it links to and keeps the link', () => {
    mkdirSync(path.join(dir, 'locks'));
    writeFileSync(path.join(dir, 'locks', 'prod.lock'), 'old');
    const lockFile = path.join(dir, 'evalc.lock');
    symlinkSync(path.join('locks', 'prod.lock'), lockFile);
    writeLockFile(lockFile, buildCourseAdvisorLock());
    expect(lstatSync(lockFile).isSymbolicLink()).toBe(true);
    const read = readLockFile(path.join(dir, 'locks', 'prod.lock'));
    expect(read.ok).toBe(true);
    expect(readFileSync(lockFile, 'utf8')).toBe(readFileSync(path.join(dir, 'locks', 'prod.lock'), 'utf8'));
    // No temp file is left in either folder.
    expect(readdirSync(dir).sort()).toEqual(['evalc.lock', 'locks']);
    expect(readdirSync(path.join(dir, 'locks'))).toEqual(['prod.lock']);
  });

  it('replaces a link to nothing with the lock', () => {
    const lockFile = path.join(dir, 'evalc.lock');
    symlinkSync('gone.lock', lockFile);
    writeLockFile(lockFile, buildCourseAdvisorLock());
    expect(lstatSync(lockFile).isFile()).toBe(true);
    expect(readLockFile(lockFile).ok).toBe(true);
  });
});
