/**
 * QA201: a FIFO named evalc.lock beside a plan hung `evalc plan` and `evalc apply` in the read until
 * SIGKILL, and a folder in its place read as "no lockfile yet" (`plan` said nothing). The lock evalc
 * reads beside a plan, and writes there, must be a regular file; locks a user names (`diff`,
 * `report --from`) are read as given, so a process substitution keeps working.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeUnreachablePlan } from '../fixtures/unreachable-plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const fixtureLock = path.join(root, 'tests', 'fixtures', 'locks', 'course-advisor.lock');
const built = existsSync(CLI);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qa201-lock-'));
  writeUnreachablePlan(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function evalc(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
    killSignal: 'SIGKILL',
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!built)('a lock beside the plan that is not a regular file', () => {
  it('refuses a FIFO named evalc.lock in plan and apply, naming it, instead of hanging', () => {
    execFileSync('mkfifo', [path.join(dir, 'evalc.lock')]);
    const lock = path.join(dir, 'evalc.lock');
    for (const args of [['plan'], ['apply'], ['apply', '--locked'], ['plan', '--only', 't']]) {
      const r = evalc(...args);
      expect(r.signal, args.join(' ')).toBeNull();
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(`${lock} is a named pipe (FIFO), not a lockfile`);
    }
    // --json mirrors the refusal as its result event.
    const json = evalc('apply', '--json');
    expect(JSON.parse(json.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      exitCode: 1,
      status: 'refused',
    });
  });

  it('refuses a folder named evalc.lock in plan (it said nothing), and a link to a FIFO', () => {
    // apply refuses such a folder in its own words (tests/e2e/qa183-lock-is-a-folder.test.ts).
    mkdirSync(path.join(dir, 'evalc.lock'));
    const folder = evalc('plan');
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`${path.join(dir, 'evalc.lock')} is a folder, not a lockfile`);
    rmSync(path.join(dir, 'evalc.lock'), { recursive: true });
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    symlinkSync(path.join(dir, 'pipe'), path.join(dir, 'evalc.lock'));
    const r = evalc('plan');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`(a link to ${path.join(dir, 'pipe')}) is a named pipe (FIFO)`);
  });

  it('still reads a lock given as a pipe to diff and report --from, and a link to a regular lock', () => {
    copyFileSync(fixtureLock, path.join(dir, 'base.lock'));
    symlinkSync('base.lock', path.join(dir, 'evalc.lock'));
    const sh = (cmd: string) =>
      spawnSync('bash', ['-c', cmd], { cwd: dir, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    const diff = sh(`"${process.execPath}" "${CLI}" diff <(cat base.lock) evalc.lock`);
    expect(diff.status).toBe(0);
    expect(diff.stdout).toContain('No aggregate changed');
    const report = sh(`"${process.execPath}" "${CLI}" report --from <(cat base.lock) --format json`);
    expect(report.status).toBe(0);
    expect(JSON.parse(report.stdout)).toHaveProperty('agents', ['a1', 'a2', 'a3']);
  });
});
