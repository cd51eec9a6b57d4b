/**
 * QA254: `plan --only t` over an up-to-date evalc.lock whose cache is gone (deleted, another
 * --cache-dir) read 'No changes. … recorded in evalc.lock only; apply would call no agent', exit 0,
 * where `apply --only t`, which never reads evalc.lock as up to date, called the agent for every
 * example. Under --only, plan plans what the cache lacks, as apply --only runs it; without --only,
 * the lock's records stand as before.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa254-plan-only-lost-cache');
afterAll(() => ws.cleanup());

it('plan --only over a lost cache plans the invokes apply --only makes', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  rmSync(path.join(ws.dir, 'c'), { recursive: true });

  const whole = spawnCli(['plan', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(whole.code).toBe(0);
  expect(whole.stdout).toContain('No changes.');

  const only = spawnCli(['plan', 'sub', '--cache-dir', 'c', '--only', 'answer'], { cwd: ws.dir });
  expect(only.code).toBe(2);
  expect(only.stdout).toContain('Plan: 2 to invoke');
  const json = spawnCli(['plan', 'sub', '--cache-dir', 'c', '--only', 'answer', '--json'], { cwd: ws.dir });
  expect(JSON.parse(json.stdout).counts.invoke.run).toBe(2);

  const apply = spawnCli(['apply', 'sub', '--cache-dir', 'c', '--only', 'answer'], { cwd: ws.dir });
  expect(apply.code).toBe(0);
  expect(apply.stdout + apply.stderr).toContain('2 agent calls');
});
