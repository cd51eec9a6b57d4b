/**
 * QA209: 83eabea has evalc look every 0.1 s, once a served agent's shell has exited, for its
 * group's end, so that a group taking the number later is not signalled at the run's end. One that
 * took it between two looks, whose leader had exited (a user's pipeline, another evalc's agent's
 * wrapper), was still taken for the agent's and sent SIGTERM, then SIGKILL. A group whose every
 * process started after the agent's shell exited is another's: the agent's holds its watchdog job,
 * started with the shell, until it ends. */
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

it.runIf(process.platform === 'linux')(
  "does not signal a group that took a served agent's number within evalc's 0.1 s look",
  async (ctx) => {
    dir = mkdtempSync(join(tmpdir(), 'evalc-qa209-served-'));
    writeFileSync(join(dir, 'take-pid.py'), TAKE_PID);
    const started = await startServedProcess(
      { command: 'echo ready; sleep 0.5; exit 3', ready: { line: '^ready$', timeout: '10s' } },
      { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const pid = started.handle.pid;
    // It quits; its watchdog ends the group 3 s later, and the number is taken the moment it has
    // ended, before evalc's next look: execFileSync holds the event loop, as a fast pid wrap would.
    let taken = '';
    await new Promise<void>((resolve) => {
      const look = setInterval(() => {
        if (groupExists(pid)) return;
        clearInterval(look);
        taken = execFileSync('python3', ['take-pid.py', String(pid), 'leader-gone'], { cwd: dir })
          .toString()
          .trim();
        resolve();
      }, 1);
    });
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
