/**
 * `evalc diff` through the built CLI (dist/evalc.mjs, built by `npm test`) as a child
 * process: the exit codes users and CI see at the process boundary.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const locks = path.join(root, 'tests', 'fixtures', 'locks');
const built = existsSync(CLI);
if (!built) console.warn(`diff-process tests skipped: ${CLI} is missing (run npm run build)`);

function evalc(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: locks, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!built)('evalc diff as a process', () => {
  it('exits 1 on a significant regression under --fail-on regression, 0 otherwise', () => {
    const failing = evalc(
      'diff',
      'course-advisor.lock',
      'course-advisor.a3-regressed.lock',
      '--fail-on',
      'regression',
    );
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('Pass → fail (8):');
    expect(failing.stderr).toMatch(/^evalc: \d+ significant regressions? \(--fail-on regression\)$/m);
    const fine = evalc(
      'diff',
      'course-advisor.lock',
      'course-advisor.a2-worse.lock',
      '--fail-on',
      'regression',
    );
    expect(fine.code).toBe(0);
  });

  it('exits 64 on a usage error and 1 with a clear message for a missing lockfile', () => {
    const usage = evalc('diff', 'course-advisor.lock');
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('usage: evalc diff <old.lock> <new.lock>');
    const missing = evalc('diff', 'course-advisor.lock', 'nope.lock');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^evalc: cannot read the new lockfile: no lockfile at .*nope\.lock/);
  });
});
