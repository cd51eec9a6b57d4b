/**
 * QA223: a FIFO named on purpose as a lock (`diff a.lock fifo`, `report --from fifo`,
 * `apply --baseline fifo`, `cache prune --lock fifo`) or as the plan (`validate fifo`) was opened
 * for reading and, with no writer, hung until SIGKILL. It is refused at once, exit 1 (64 for a
 * plan's diagnostics), after a stat; a process substitution (`<(cat lock)`) is still read as given.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa223-fifo-'));
  writeUnreachablePlan(dir, { cache: true });
  copyFileSync(path.join(root, 'tests/fixtures/locks/single-dataset-base.lock'), path.join(dir, 'a.lock'));
  execFileSync('mkfifo', [path.join(dir, 'fifo')]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });
}

describe.skipIf(!built)('a FIFO named as a lock or a plan', () => {
  it.each([
    [['diff', 'fifo', 'a.lock']],
    [['diff', 'a.lock', 'fifo']],
    [['report', '--from', 'fifo', '--format', 'json']],
    [['report', '--from', 'a.lock', '--baseline', 'fifo', '--format', 'json']],
    [['apply', '--baseline', 'fifo']],
    [['cache', 'prune', '--dry-run', '--lock', 'fifo']],
  ])('evalc %j refuses it at once, naming it, exit 1', (args) => {
    const r = run(args);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'fifo')} is a named pipe (FIFO), not a lockfile`);
  });

  it('evalc validate fifo refuses the plan at once, exit 64', () => {
    const r = run(['validate', 'fifo']);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(64);
    expect(r.stdout + r.stderr).toContain('plan file fifo is a named pipe (FIFO), not a plan file');
  });

  it('still reads a lock given as a process substitution (an anonymous pipe)', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI}" diff <(cat a.lock) a.lock`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 10_000,
      killSignal: 'SIGKILL',
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain('FIFO');
  });
});
