/**
 * QA258: `evalc report -- -x` (a lockfile named with a leading dash, given as diff takes its two)
 * offered `evalc report --from -x`, which report refuses ("Option '--from' argument is ambiguous",
 * exit 64); it offers `--from ./-x` (a plan file's lock too), as e5be49ca offers `evalc init ./-x`.
 * The test runs the offered line.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa258-report-positional-dash');
afterAll(() => ws.cleanup());

it('offers --from ./-x, a line report runs', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  cpSync(path.join(ws.dir, 'sub', 'evalc.lock'), path.join(ws.dir, '-x.lock'));
  mkdirSync(path.join(ws.dir, '-p'));
  cpSync(path.join(ws.dir, 'sub', 'evalc.lock'), path.join(ws.dir, '-p', 'evalc.lock'));

  for (const [given, offered] of [
    ['-x.lock', './-x.lock'],
    ['-p/evalc.yaml', './-p/evalc.lock'],
  ] as const) {
    const refused = spawnCli(['report', '--format', 'md', '--out', 'out', '--', given], { cwd: ws.dir });
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain(`(evalc report --from ${offered}`);
    const ran = spawnCli(['report', '--from', offered, '--format', 'md', '--out', 'out'], { cwd: ws.dir });
    expect(ran.stderr).not.toContain('ambiguous');
    expect(ran.code).toBe(0);
  }
});
