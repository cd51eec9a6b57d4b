/**
 * QA216: `evalc cache prune` refused the plan's own evalc.lock when a FIFO, named with --lock as
 * written (f97a4ba), but not by another name of the same file: the plan reached through a linked
 * folder (`cache prune ../alias/evalc.yaml --lock evalc.lock`, or `--lock ../alias`) compared two
 * names of one file, read the FIFO and hung until SIGKILL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeUnreachablePlan } from '../fixtures/unreachable-plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');

let dir: string;
let real: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa216-prune-'));
  real = path.join(dir, 'real');
  writeUnreachablePlan(real, { cache: true, fifoLock: true });
  symlinkSync('real', path.join(dir, 'alias'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(CLI))(
  'cache prune --lock naming the plan’s own FIFO lock by another name',
  () => {
    it.each([[['../alias/evalc.yaml', '--lock', 'evalc.lock']], [['--lock', '../alias']]])(
      'refuses %j, naming it, instead of hanging',
      (args) => {
        const r = spawnSync(process.execPath, [CLI, 'cache', 'prune', '--dry-run', ...args], {
          cwd: real,
          encoding: 'utf8',
          timeout: 10_000,
          killSignal: 'SIGKILL',
        });
        expect(r.signal).toBeNull();
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(/evalc\.lock is a named pipe \(FIFO\), not a lockfile/);
      },
    );
  },
);
