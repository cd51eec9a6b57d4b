/**
 * QA209: an agent-eval stdio RPC command that exited leaving a helper outside its group holding
 * stdout (QA181) has its group SIGKILLed 250 ms after its exit, and its pipes let go 250 ms later;
 * the call then settled and SIGKILLed the group by its number once more. A group that took the
 * number in between, whose leader had exited (a user's pipeline, another evalc's agent's wrapper),
 * was killed: the mae transports' QA194/QA197/QA200 case, in the judge's. A group evalc has sent
 * SIGKILL, or found gone, is not signalled again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';
import { isAlive } from '../fixtures/process-alive.js';
import { TAKE_PID } from '../fixtures/take-pid.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

/** Whether every process of group `pgid` has exited (a zombie, not yet reaped), or none is left. */
function groupKilled(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return false;
  }
  return true;
}

const WAIT_GROUP_END = `import os, sys, time
pgid = int(sys.argv[1])
while True:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        break
    time.sleep(0.005)
`;

it.runIf(process.platform === 'linux')(
  'does not SIGKILL a group that took the number of a judge command it killed already',
  async (ctx) => {
    const dir = tempFolder('evalc-qa209-rpc-pid-');
    writeFileSync(path.join(dir, 'take-pid.py'), TAKE_PID);
    let taken = '';
    let shell = 0;
    // Once the command's group is SIGKILLed (250 ms after its exit) and gone, its number is taken:
    // execFileSync holds the event loop, so the call cannot settle before it is taken.
    const watch = setInterval(() => {
      if (!shell && existsSync(path.join(dir, 'shell.pid')))
        shell = Number(readFileSync(path.join(dir, 'shell.pid'), 'utf8')) || 0;
      if (!shell || taken || !groupKilled(shell)) return;
      // Its processes are reaped by init, here maybe seconds later: the number is free only then.
      execFileSync('python3', ['-c', WAIT_GROUP_END, String(shell)], { timeout: 20_000 });
      taken = execFileSync('python3', ['take-pid.py', String(shell), 'leader-gone'], { cwd: dir })
        .toString()
        .trim();
      if (taken !== 'unable') pids.push(Number(taken));
    }, 2);
    const result = await runRpcProcess({
      command: `echo $$ > shell.pid; setsid sh -c 'echo $$ > escaped.pid; exec sleep 30' & while [ ! -s escaped.pid ]; do sleep 0.01; done; echo '{"result":{}}'; exit 0; :`,
      args: ['rpc', 'judge'],
      stdin: '{}',
      cwd: dir,
      timeoutMs: 8_000,
      signal: AbortSignal.timeout(20_000),
    });
    clearInterval(watch);
    pids.push(Number(readFileSync(path.join(dir, 'escaped.pid'), 'utf8')));
    expect(result).toMatchObject({ ok: true, exitCode: 0 });
    if (taken === 'unable') {
      ctx.skip(); // a pid cannot be chosen here (not root in this pid namespace)
      return;
    }
    expect(taken).toMatch(/^\d+$/);
    const victim = Number(taken);
    const stat = readFileSync(`/proc/${victim}/stat`, 'utf8');
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])).toBe(shell);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(victim)).toBe(true);
  },
  30_000,
);
