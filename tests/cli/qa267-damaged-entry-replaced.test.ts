/**
 * QA267: a damaged cache entry that a later good write of the same key replaced (an `apply --only`
 * ran its step again) was still noted by `plan --only` as 'the cache skipped 1 damaged entry (its
 * step runs again …)' beside 'No changes. 11 steps cached'. The note now counts only damaged
 * entries no later good write replaced; one nothing replaced is noted as before.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa267-damaged-entry-replaced');
afterAll(() => ws.cleanup());

it('a damaged entry an apply --only wrote again is not noted; one left damaged still is', async () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  // The stand-in agent on a port of its own (others may hold the scaffold's 7101).
  const planFile = path.join(ws.dir, 'sub', 'evalc.yaml');
  const port = String(await freePort());
  writeFileSync(planFile, readFileSync(planFile, 'utf8').replaceAll('7101', port));
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  const log = path.join(ws.dir, 'c', 'steps.log');
  const lines = readFileSync(log, 'utf8').split('\n');
  expect(lines[1]).toMatch(/^k1:[0-9a-f]{64}\tinvoke\t/);
  lines[1] = lines[1]!.replace('"', "'");
  writeFileSync(log, lines.join('\n'));
  // A copy of the cache with the entry damaged and not yet written again.
  cpSync(path.join(ws.dir, 'c'), path.join(ws.dir, 'c2'), { recursive: true });

  const only = spawnCli(['apply', 'sub', '--cache-dir', 'c', '--only', 'answer'], { cwd: ws.dir });
  expect(only.stdout + only.stderr).toContain('1 agent call');
  const plan = spawnCli(['plan', 'sub', '--cache-dir', 'c', '--only', 'answer'], { cwd: ws.dir });
  expect(plan.stdout).toContain('No changes. 11 steps cached');
  expect(plan.stderr).not.toContain('damaged');
  // cache stats still counts the damaged line: a prune reclaims its bytes.
  const stats = spawnCli(['cache', 'stats', '--cache-dir', 'c', '--json'], { cwd: ws.dir });
  expect(JSON.parse(stats.stdout)).toMatchObject({ damagedLines: 1 });

  const left = spawnCli(['plan', 'sub', '--cache-dir', 'c2', '--only', 'answer'], { cwd: ws.dir });
  expect(left.stderr).toContain('note: the cache skipped 1 damaged entry (its step runs again; ');
});
