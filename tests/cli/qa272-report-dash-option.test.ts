/**
 * QA272: `evalc report -x.lock` (a lockfile named with a leading dash, given without `--`) was told
 * 'a file name starting with - goes after --, as in `-- -x.lock`', a line report refuses in turn
 * (it reads its lockfile with --from, a1d706cf). It is told `--from ./-x.lock` (a plan file's lock
 * for `-p/evalc.yaml`), and the test runs the offered line; other commands keep `-- -x`.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa272-report-dash-option');
afterAll(() => ws.cleanup());

it('report -x.lock offers --from ./-x.lock, a line report runs', () => {
  const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
  cpSync(lock, path.join(ws.dir, '-x.lock'));
  mkdirSync(path.join(ws.dir, '-p'));
  cpSync(lock, path.join(ws.dir, '-p', 'evalc.lock'));

  for (const [given, offered] of [
    ['-x.lock', './-x.lock'],
    ['-p/evalc.yaml', './-p/evalc.lock'],
  ] as const) {
    const refused = spawnCli(['report', given, '--format', 'md', '--out', 'out'], { cwd: ws.dir });
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain(`report reads a lockfile with --from, as in \`--from ${offered}\``);
    const ran = spawnCli(['report', '--from', offered, '--format', 'md', '--out', 'out'], { cwd: ws.dir });
    expect(ran.stderr).not.toContain('ambiguous');
    expect(ran.code).toBe(0);
  }
  const diff = spawnCli(['diff', '-x.lock', '-x.lock'], { cwd: ws.dir });
  expect(diff.stderr).toContain('a file name starting with - goes after --, as in `-- -x.lock`');
});
