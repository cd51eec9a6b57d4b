/**
 * Regression (QA228): the case next to 2e22f8b. A lock named through a chain of links, l1 → l2 →
 * gone/x.lock, read "no lockfile at …/l1: it is a link to l2, which does not exist", where l2 is
 * there (a link itself): the chain is said to its missing end. One link is said as before.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readLockText } from '../../src/lockfile/read-lock-text.js';
import { tempFolder } from '../fixtures/temp-folder.js';

it('a chain of links to a missing lock is said to its missing end', () => {
  const dir = tempFolder('evalc-qa228-chain-');
  symlinkSync('gone/x.lock', path.join(dir, 'l2'));
  symlinkSync('l2', path.join(dir, 'l1'));
  expect(readLockText(path.join(dir, 'l1'))).toEqual({
    ok: false,
    missing: true,
    message: `no lockfile at ${path.join(dir, 'l1')}: it is a link to l2, a link to gone/x.lock, which does not exist`,
  });
  expect(readLockText(path.join(dir, 'l2'))).toMatchObject({
    message: `no lockfile at ${path.join(dir, 'l2')}: it is a link to gone/x.lock, which does not exist`,
  });
});

it('a loop of links is said as one, each link once (QA232)', () => {
  // It read "…/l1 cannot be read (ELOOP)" in diff, report --from and --baseline.
  const dir = tempFolder('evalc-qa232-loop-');
  symlinkSync('l2', path.join(dir, 'l1'));
  symlinkSync('l1', path.join(dir, 'l2'));
  expect(readLockText(path.join(dir, 'l1'))).toEqual({
    ok: false,
    missing: false,
    unreadable: true,
    message: `no lockfile at ${path.join(dir, 'l1')}: it is a link to l2, a link to l1, a loop of links that reaches no file`,
  });
});
