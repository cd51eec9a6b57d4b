/**
 * QA245: `evalc apply sub --frozen --cache-dir 'c d'` refused for steps its cache lacks was told
 * 'run `evalc apply sub` once without --frozen …, and keep that run's cache for --frozen': that
 * run wrote sub/.evalc/cache, and the --frozen run with --cache-dir 'c d' was refused again. The
 * line offered keeps the --cache-dir given (as 82e12cf's lines name the plan), and runs as printed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI, tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa245-frozen-hint-keeps-cache-dir');
afterAll(() => ws.cleanup());

it('apply --frozen --cache-dir: the run the hint offers fills that cache, and --frozen then passes', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  const frozen = ['apply', 'sub', '--frozen', '--cache-dir', 'c d'];
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c d'], { cwd: ws.dir }).code).toBe(0);
  // The lock of another evalc, and the task's instructions edited: --frozen lacks those steps.
  const lock = path.join(ws.dir, 'sub', 'evalc.lock');
  writeFileSync(lock, readFileSync(lock, 'utf8').replaceAll('"evalc": "0.1.0"', '"evalc": "0.0.9"'));
  const plan = path.join(ws.dir, 'sub', 'evalc.yaml');
  writeFileSync(plan, readFileSync(plan, 'utf8').replace('"Answer the user', '"Answer  the user'));
  const refused = spawnCli(frozen, { cwd: ws.dir });
  expect(refused.code, refused.stderr).toBe(1);
  const line = refused.stderr.split('hint: ')[1]?.split('`')[1] ?? '';
  expect(line).toBe("evalc apply sub --cache-dir 'c d'");
  const json = spawnCli([...frozen, '--json'], { cwd: ws.dir });
  expect(JSON.parse(json.stdout.trim().split('\n').at(-1)!).hint).toContain(`\`${line}\` once`);
  const ran = spawnSync('bash', ['-c', `evalc() { node ${JSON.stringify(CLI)} "$@"; }\n${line}`], {
    cwd: ws.dir,
    encoding: 'utf8',
  });
  expect(ran.status, ran.stderr).toBe(0);
  const again = spawnCli(frozen, { cwd: ws.dir });
  expect(again.code, again.stderr).toBe(0);
});
