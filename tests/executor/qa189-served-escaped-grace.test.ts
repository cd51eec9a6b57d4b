/**
 * QA189: what a served agent started outside its process group (setsid, a detached spawn) is sent
 * SIGTERM with the group at stop() (QA181), and was sent SIGKILL the moment the group had ended: a
 * daemon's clean shutdown (a database flushing, 0.5 s here) was cut short, where the README promises
 * SIGTERM then SIGKILL 3 s later. It has the group's grace.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    try {
      process.kill(Number(readFileSync(join(dir, 'escaped.pid'), 'utf8')), 'SIGKILL');
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
});

it("gives what left the agent's group the SIGTERM grace, though the group has ended", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa189-'));
  dirs.push(dir);
  // A daemon in its own session (its output elsewhere, so the group's pipes close at once) that
  // takes 0.5 s to shut down on SIGTERM; its pid is written once it has left the group.
  const daemon = `setsid sh -c 'trap "sleep 0.5; echo cleaned > cleaned.txt; exit 0" TERM; echo $$ > escaped.pid; while :; do sleep 0.1; done' >/dev/null 2>&1 </dev/null &`;
  const started = await startServedProcess(
    {
      command: `${daemon} while [ ! -s escaped.pid ]; do sleep 0.01; done; echo ready; exec sleep 60`,
      ready: { line: '^ready$', timeout: '10s' },
    },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  if (!started.ok) throw new Error(started.error.message);
  const t0 = Date.now();
  await started.handle.stop();
  expect(existsSync(join(dir, 'cleaned.txt'))).toBe(true);
  expect(Date.now() - t0).toBeLessThan(3_000);
}, 30_000);

// A wrapper `setsid python agent.py & …` that exits 0 was told 'a wrapper that starts the agent in
// the background and exits takes it down with it': its agent, outside the group, ran on (ppid 1),
// holding its port for the next apply. Its end is read while that process holds its output.
it('tells a wrapper that exits 0 leaving a process outside its group that this one runs on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa189-'));
  dirs.push(dir);
  const started = await startServedProcess(
    {
      command: `setsid sh -c 'echo $$ > escaped.pid; exec sleep 60' & while [ ! -s escaped.pid ]; do sleep 0.01; done; exit 0`,
      ready: { line: '^ready$', timeout: '10s' },
    },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  expect(started.ok).toBe(false);
  if (started.ok) return;
  expect(started.error.message).toBe(
    "serve a1 exited with code 0 before it was ready (serve.command must keep running: it exited while a process it started still holds its output; one outside its process group (setsid, a detached spawn) runs on where evalc cannot stop it, and may hold the agent's port: stop it yourself, then run the agent in the foreground, e.g. `exec python agent.py` as the script's last line)",
  );
}, 30_000);
