/**
 * QA252: a damaged cache entry whose step evalc.lock records (the lock up to date) was noted by
 * `plan` as 'the cache skipped 1 damaged entry (its step runs again; …)' beside 'No changes …
 * apply would call no agent' — apply, up to date, runs nothing. The note now says the lock records
 * the step; a damaged entry the lock does not record (no lock) still reads that its step runs again.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa252-plan-damaged-entry');
afterAll(() => ws.cleanup());

it("a damaged entry an up-to-date evalc.lock records: plan's note says apply does not run it again", () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  const log = path.join(ws.dir, 'c', 'steps.log');
  const lines = readFileSync(log, 'utf8').split('\n');
  lines[1] = lines[1]!.replace('"', "'");
  writeFileSync(log, lines.join('\n'));

  const plan = spawnCli(['plan', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain('No changes.');
  expect(plan.stderr).toContain(
    'note: the cache skipped 1 damaged entry (evalc.lock records its step, so apply does not run it again; `evalc cache prune sub --cache-dir c` drops it)',
  );
  const apply = spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(apply.stdout + apply.stderr).toContain('evalc.lock is up to date');

  // Without the lock, the damaged entry's step runs again, as before.
  rmSync(path.join(ws.dir, 'sub', 'evalc.lock'));
  const fresh = spawnCli(['plan', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(fresh.code).toBe(2);
  expect(fresh.stderr).toContain('note: the cache skipped 1 damaged entry (its step runs again; ');
});
