/**
 * QA194: a served command that exits 0 while a process it started in the background still holds
 * its output was told (0de6682) that 'one outside its process group runs on where evalc cannot
 * stop it … stop it yourself' whenever that output was held 0.5 s after the exit: a background
 * agent in the group, which the watchdog stops, taking 1 s to shut down on SIGTERM read so too.
 * Only an output held past the watchdog's SIGKILL is one outside the group's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('tells a wrapper whose background agent, in its group, shuts down slowly that it takes it down', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa194-'));
  dirs.push(dir);
  const started = await startServedProcess(
    {
      command: `sh -c 'trap "sleep 1; exit 0" TERM; while :; do sleep 0.1; done' & sleep 0.3; exit 0`,
      ready: { line: '^ready$', timeout: '10s' },
    },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  expect(started.ok).toBe(false);
  if (started.ok) return;
  expect(started.error.message).toContain(
    'exited with code 0 before it was ready (serve.command must keep running: a wrapper that starts the agent in the background and exits takes it down with it;',
  );
}, 30_000);
