/**
 * QA181: a served process's end was read when its output pipes closed, and a child that left the
 * group (its own session: `setsid`, a detached spawn) holds them as long as it runs: an agent that
 * exited with code 3 before it was ready read 'not ready within 10000 ms' when serve.ready.timeout
 * ran out, and one that crashed mid-run was never said to have exited. Its end is now read a
 * moment after it exits, pipes held or not.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { isAlive } from '../fixtures/process-alive.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    try {
      process.kill(Number(readFileSync(join(dir, 'escaped.pid'), 'utf8')), 'SIGKILL');
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A shell command that first starts a child in its own session holding stdout, its pid written down. */
function escapedChildThen(rest: string): { dir: string; command: string } {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa181-'));
  dirs.push(dir);
  // `rest` runs once the child has left the group (its pid is written after setsid): one still in it
  // is stopped with the group when the shell exits, and the test would prove nothing.
  return {
    dir,
    command: `setsid sh -c 'echo $$ > escaped.pid; exec sleep 60' & while [ ! -s escaped.pid ]; do sleep 0.01; done; ${rest}`,
  };
}

it('says a process that exits before it is ready exited, while an escaped child holds its output', async () => {
  const { dir, command } = escapedChildThen('echo fatal: boom; exit 3');
  const t0 = Date.now();
  const started = await startServedProcess(
    { command, ready: { line: '^ready$', timeout: '10s' } },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  expect(started.ok).toBe(false);
  if (started.ok) return;
  expect(started.error.kind).toBe('process_crashed');
  expect(started.error.message).toBe('serve a1 exited with code 3 before it was ready; output: fatal: boom');
  expect(Date.now() - t0).toBeLessThan(8_000);
}, 30_000);

it('tells of a process that exits mid-run, while an escaped child holds its output', async () => {
  const { dir, command } = escapedChildThen('echo ready; sleep 0.5; exit 4');
  const started = await startServedProcess(
    { command, ready: { line: '^ready$', timeout: '10s' } },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  if (!started.ok) throw new Error(started.error.message);
  try {
    const told = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not told within 5 s')), 5_000);
      started.handle.onUnexpectedExit((description) => {
        clearTimeout(timer);
        resolve(description);
      });
    });
    expect(told).toBe('exited with code 4; output: ready');
  } finally {
    await started.handle.stop();
  }
}, 30_000);

// A wrapper (`python agent.py & …`) that exits once its agent is up is stopped with its group by the
// watchdog: the warning said 'exited with code 0' and no more, then every example 'connection refused'.
it('tells a process that exits with code 0 mid-run that serve.command must keep running', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa181-'));
  dirs.push(dir);
  const started = await startServedProcess(
    { command: 'echo ready; sleep 0.5', ready: { line: '^ready$', timeout: '10s' } },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  if (!started.ok) throw new Error(started.error.message);
  try {
    const told = await new Promise<string>((resolve) => started.handle.onUnexpectedExit(resolve));
    expect(told).toBe(
      "exited with code 0 (serve.command must keep running: a wrapper that starts the agent in the background and exits takes it down with it; run the agent in the foreground, e.g. `exec python agent.py` as the script's last line); output: ready",
    );
  } finally {
    await started.handle.stop();
  }
}, 30_000);

// What the agent started outside its group went on running after the run (QA178 let go of its hold
// on the agent's output only): it is stopped with the agent, found while the agent still runs.
it('stops a child that left the group with the agent that started it', async () => {
  const { dir, command } = escapedChildThen('echo ready; sleep 60');
  const started = await startServedProcess(
    { command, ready: { line: '^ready$', timeout: '10s' } },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  if (!started.ok) throw new Error(started.error.message);
  const escaped = Number(readFileSync(join(dir, 'escaped.pid'), 'utf8'));
  expect(isAlive(escaped)).toBe(true);
  const t0 = Date.now();
  await started.handle.stop();
  expect(Date.now() - t0).toBeLessThan(2_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(isAlive(escaped)).toBe(false);
}, 30_000);
