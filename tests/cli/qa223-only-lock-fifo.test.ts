/**
 * QA223: a FIFO at .evalc/evalc.only.lock (apply --only's own lock) was refused by `plan --only`
 * and `cache prune` as "the evalc.lock beside the plan": the file it is is named now.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa223-only-'));
  writeUnreachablePlan(dir, { cache: true });
  execFileSync('mkfifo', [path.join(dir, '.evalc', 'evalc.only.lock')]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!built)('a FIFO at .evalc/evalc.only.lock', () => {
  it.each([[['plan', '--only', 't']], [['cache', 'prune', '--dry-run']]])(
    'evalc %j names apply --only’s lock, not the evalc.lock beside the plan',
    (args) => {
      const r = spawnSync(process.execPath, [CLI, ...args], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 15_000,
        killSignal: 'SIGKILL',
      });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `${path.join(dir, '.evalc', 'evalc.only.lock')} is a named pipe (FIFO), not a lockfile: evalc reads apply --only's .evalc/evalc.only.lock`,
      );
      expect(r.stderr).not.toContain('the evalc.lock beside the plan');
    },
  );
});
