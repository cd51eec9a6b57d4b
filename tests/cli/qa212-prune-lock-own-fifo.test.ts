/**
 * QA212: `evalc cache prune` refused a FIFO in the plan's own evalc.lock's place (QA201) only when
 * no --lock was given, or --lock named it by its absolute path: `--lock evalc.lock` and `--lock .`
 * (a folder holding it) compared the name as written with the plan's lock path, read the FIFO, and
 * hung until SIGKILL (a blocked read runs no signal handler).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeUnreachablePlan } from '../fixtures/unreachable-plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const built = existsSync(CLI);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa212-prune-'));
  writeUnreachablePlan(dir, { cache: true, fifoLock: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!built)('cache prune --lock naming the plan’s own lock, a FIFO', () => {
  it.each([['evalc.lock'], ['./evalc.lock'], ['.']])(
    'refuses --lock %s, naming it, instead of hanging',
    (named) => {
      const r = spawnSync(process.execPath, [CLI, 'cache', 'prune', '--dry-run', '--lock', named], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 15_000,
        killSignal: 'SIGKILL',
      });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`${path.join(dir, 'evalc.lock')} is a named pipe (FIFO), not a lockfile`);
    },
  );
});

describe.skipIf(!built)('evalc report without --from, its default evalc.lock a FIFO', () => {
  it('refuses it, naming it, instead of hanging; --from names a pipe on purpose', () => {
    const r = spawnSync(process.execPath, [CLI, 'report', '--format', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 15_000,
      killSignal: 'SIGKILL',
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'evalc.lock')} is a named pipe (FIFO), not a lockfile`);
  });
});
