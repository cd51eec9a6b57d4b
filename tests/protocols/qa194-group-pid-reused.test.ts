/**
 * QA194: a local agent that exited on its own (after its last reply, a crash mid-run) has its
 * process group signalled at close() by its number, the pid of the shell evalc started: once the
 * group has ended, that number is free, and a process that took it since and leads a group of its
 * own (a user's shell job, another evalc's agent) was sent SIGTERM, then SIGKILL. The group is
 * signalled only while it is the agent's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';
import { TAKE_PID } from '../fixtures/take-pid.js';

let dir = '';
let victim = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'evalc-qa194-'));
});
afterEach(() => {
  try {
    if (victim) process.kill(victim, 'SIGKILL');
  } catch {}
  rmSync(dir, { recursive: true, force: true });
});

/** A seed agent that answers one request, then exits, printing its pid first. */
const AGENT = `import readline from 'node:readline';
import { writeFileSync } from 'node:fs';
writeFileSync('agent.pid', String(process.pid));
readline.createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'done' }) + '\\n', () => process.exit(0));
});
`;

/** Starts an agent that answers once and exits; its pid then taken as `how` says; close(). */
async function closeAfterPidTaken(ctx: { skip: () => void }, how: string[]): Promise<number | undefined> {
  writeFileSync(join(dir, 'agent.mjs'), AGENT);
  writeFileSync(join(dir, 'take-pid.py'), TAKE_PID);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'exec node agent.mjs', profile: 'seed' },
    { cwd: dir, timeoutMs: 10_000 },
  );
  const outcome = await adapter.invoke('hi', maeContext());
  expect(outcome.ok).toBe(true);
  // `exec`: the agent's pid is the shell's evalc started, the number of its group.
  const pid = Number(readFileSync(join(dir, 'agent.pid'), 'utf8'));
  expect(pid).toBeGreaterThan(0);
  // Its group ends (the watchdog's 2 s), and its number is taken by a group of another's.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const taken = execFileSync('python3', ['take-pid.py', String(pid), ...how], { cwd: dir })
    .toString()
    .trim();
  if (taken === 'unable') {
    await adapter.close();
    ctx.skip(); // a pid cannot be chosen here (not root in this pid namespace)
    return undefined;
  }
  victim = Number(taken);
  // the victim is in group `pid`, led by it or (leader-gone) by none
  const stat = readFileSync(`/proc/${victim}/stat`, 'utf8');
  expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])).toBe(pid);
  expect(isAlive(victim)).toBe(true);
  await adapter.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return victim;
}

it.runIf(process.platform === 'linux')(
  "does not signal the process that took an exited local agent's pid at close()",
  async (ctx) => {
    const taken = await closeAfterPidTaken(ctx, []);
    if (taken !== undefined) expect(isAlive(taken)).toBe(true);
  },
  60_000,
);

it.runIf(process.platform === 'linux')(
  'does not signal a group of that number whose leader has exited (QA197)',
  async (ctx) => {
    const taken = await closeAfterPidTaken(ctx, ['leader-gone']);
    if (taken !== undefined) expect(isAlive(taken)).toBe(true);
  },
  60_000,
);
