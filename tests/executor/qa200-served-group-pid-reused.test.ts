/**
 * QA200: a served agent that quit mid-run has its group ended by its watchdog (SIGTERM, SIGKILL
 * 3 s later), which evalc did not see: at the run's end, stop() signalled the group by its number,
 * and one that had taken that number since, whose leader had exited (a user's pipeline, another
 * evalc's agent's wrapper), holding no process of that pid, was taken for the agent's and sent
 * SIGTERM, then SIGKILL (6ae0689 covered a group evalc had SIGKILLed itself only). evalc now sees
 * the group end once its shell has exited, and signals no group of that number after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { groupExists, isAlive } from '../fixtures/process-alive.js';
import { TAKE_PID } from '../fixtures/take-pid.js';

let dir = '';
let victim = 0;
afterEach(() => {
  try {
    if (victim) process.kill(victim, 'SIGKILL');
  } catch {}
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('the served group did not end');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it.runIf(process.platform === 'linux')(
  "does not signal a group that took a served agent's number after it quit mid-run",
  async (ctx) => {
    dir = mkdtempSync(join(tmpdir(), 'evalc-qa200-served-'));
    writeFileSync(join(dir, 'take-pid.py'), TAKE_PID);
    const started = await startServedProcess(
      { command: 'echo ready; sleep 0.5; exit 3', ready: { line: '^ready$', timeout: '10s' } },
      { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const pid = started.handle.pid;
    // It quits; its watchdog ends the group 3 s later (its last process reaped by init, which may
    // take a moment more here); later, the number is taken by a group of another's.
    await waitFor(() => !groupExists(pid), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const taken = execFileSync('python3', ['take-pid.py', String(pid), 'leader-gone'], { cwd: dir })
      .toString()
      .trim();
    if (taken === 'unable') {
      await started.handle.stop();
      ctx.skip(); // a pid cannot be chosen here (not root in this pid namespace)
      return;
    }
    victim = Number(taken);
    const stat = readFileSync(`/proc/${victim}/stat`, 'utf8');
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])).toBe(pid);
    await started.handle.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAlive(victim)).toBe(true);
  },
  60_000,
);
