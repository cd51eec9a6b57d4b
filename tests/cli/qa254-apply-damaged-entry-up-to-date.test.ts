/**
 * QA254: `apply` over an up-to-date evalc.lock whose cache holds a damaged entry printed
 * 'note: the cache skipped 1 damaged entry (its step runs again; …)' above 'evalc.lock is up to
 * date: … nothing ran' (92c769d reworded `plan`'s note alone): the log was opened, and its notes
 * printed, while apply decided whether the lock was up to date. Up to date, the note says the lock
 * records the step; an apply that runs steps still says the step runs again, once. (Reports current,
 * an up-to-date apply does not open the log, and says nothing of it, as before.)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa254-apply-damaged-entry');
afterAll(() => ws.cleanup());

it('an up-to-date apply over a damaged entry notes that evalc.lock records its step', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  const log = path.join(ws.dir, 'c', 'steps.log');
  const damage = () => {
    const lines = readFileSync(log, 'utf8').split('\n');
    lines[1] = lines[1]!.replace('"', "'");
    writeFileSync(log, lines.join('\n'));
  };
  damage();
  // Reports to write again: the up-to-date apply opens the log for them (current ones, it does not).
  rmSync(path.join(ws.dir, 'sub', '.evalc', 'reports'), { recursive: true });

  const apply = spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(apply.code).toBe(0);
  expect(apply.stdout + apply.stderr).toContain('evalc.lock is up to date');
  expect(apply.stderr).toContain(
    'evalc: note: the cache skipped 1 damaged entry (evalc.lock records its step, so apply does not run it again; `evalc cache prune sub --cache-dir c` drops it)',
  );
  expect(apply.stderr).not.toContain('runs again');

  // Without the lock the step runs again, and the note says so, once.
  rmSync(path.join(ws.dir, 'sub', 'evalc.lock'));
  const again = spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(again.code).toBe(0);
  expect(again.stderr.split('damaged entry').length).toBe(2);
  expect(again.stderr).toContain('evalc: note: the cache skipped 1 damaged entry (its step runs again; ');
});
