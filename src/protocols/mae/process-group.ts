/**
 * Child processes started through a shell, each in its own process group so that a kill
 * reaches the shell and everything it started (`detached` + a negative pid). Groups still alive
 * when evalc exits are killed (best effort, from the `exit` event), and what they started outside
 * the group (escaped-descendants.ts).
 *
 * `watchdog: true` (the `local` agent transports, whose stdin is the protocol channel) adds a
 * guard for the cases that event cannot cover: a background job in the group reads an extra
 * pipe (fd 3) that only evalc holds. The pipe ends when evalc dies — `kill -9` included — or
 * when evalc ends it itself once the agent's main process has exited; either way the job stops
 * what is left of the group (SIGTERM, then SIGKILL 2 s later). So an agent that ignores stdin EOF
 * and SIGTERM never outlives evalc, and a grandchild that still holds the agent's stdout (a
 * helper it started and forgot) is stopped when the agent exits instead of keeping the reply
 * stream open. When the group has gone quiet (`close`), evalc kills whatever remains at once.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import {
  escapedDescendants,
  groupMembers,
  killTerminated,
  pidHeld,
  signalEach,
  ticksSinceBoot,
} from './escaped-descendants.js';

export interface SpawnGroupOptions {
  cwd: string;
  /** Merged over the parent environment. */
  env?: Record<string, string> | undefined;
  /** Stop the group when evalc dies or the main process exits (see the module header). */
  watchdog?: boolean;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Spawns `command` with `shell: true` in a new process group, stdio piped. */
export function spawnProcessGroup(command: string, options: SpawnGroupOptions): ChildProcess {
  installExitHook();
  const watchdog = options.watchdog === true;
  const child = spawn(watchdog ? withGroupWatchdog(command) : command, {
    shell: true,
    cwd: options.cwd,
    env: { ...process.env, ...(options.env ?? {}) },
    stdio: watchdog ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  child.once('close', () => live.delete(child));
  child.once('error', () => live.delete(child));
  // A write to a process that already died must not crash evalc.
  child.stdin?.on('error', () => undefined);
  if (watchdog) armWatchdog(child);
  watchGroupEnd(child);
  return child;
}

/**
 * What spawn throws for a start the OS refuses outright (E2BIG: the command and the environment,
 * evalc's own with the agent's, above its limit), in words: `apply` crashed with Node's stack trace.
 */
export function spawnRefused(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'E2BIG'
    ? 'E2BIG: the command and its environment are larger than the OS takes; put the command in a script and long values in files'
    : (code ?? String(err));
}

/**
 * spawnProcessGroup, whose start the OS refuses outright (spawn throws: E2BIG) is a process that
 * emits 'error' and ends its pipes, as one that cannot start does: a failed turn, not a crash.
 */
export function spawnProcessGroupOrFail(command: string, options: SpawnGroupOptions): ChildProcess {
  try {
    return spawnProcessGroup(command, options);
  } catch (err) {
    const child = new ChildProcess();
    const ended = () => {
      const stream = new PassThrough();
      stream.end();
      return stream;
    };
    Object.assign(child, { stdin: new PassThrough(), stdout: ended(), stderr: ended() });
    process.nextTick(() => child.emit('error', new Error(spawnRefused(err))));
    return child;
  }
}

/**
 * The command behind a watchdog job: fd 3 is the pipe evalc holds; the job waits for its end,
 * then stops the group. The command itself runs without fd 3 and reads the real stdin.
 */
export function withGroupWatchdog(command: string): string {
  // One line before the command, so the shell's line numbers are the command's own: a missing
  // program read `/bin/sh: 3: nosuch: not found`, 3 being this wrapper's line (QA97, QA106).
  return `{ trap '' TERM; cat <&3 >/dev/null 2>&1; kill -TERM 0 2>/dev/null; sleep 2; kill -KILL 0 2>/dev/null; } </dev/null >/dev/null 2>&1 & exec 3<&-; ${command}`;
}

function armWatchdog(child: ChildProcess): void {
  const guard = child.stdio[3];
  if (!guard) return;
  guard.on('error', () => undefined);
  // The main process is gone: end the pipe, so the job stops what it left behind (grandchildren
  // holding stdout would otherwise keep the reply stream open).
  child.once('exit', () => guard.destroy());
  // Everything has closed: nothing legitimate is left in the group; the job itself goes too.
  child.once('close', () => killProcessGroup(child, 'SIGKILL'));
}

/** Sends `signal` to the child's whole process group (falls back to the child alone). */
export function killProcessGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  if (child.exitCode !== null || child.signalCode !== null) {
    // The shell may be gone while its group lives on: still try the group, while it is its own.
    if (groupStillOwn(child, child.pid) && tryKill(-child.pid, signal)) killedGroup(child, signal);
    return;
  }
  if (tryKill(-child.pid, signal)) killedGroup(child, signal);
  else tryKill(child.pid, signal);
}

/** Agents whose group was found ended, or SIGKILLed whole: its number may be another process's since. */
const groupsEnded = new WeakSet<ChildProcess>();

/**
 * A group sent SIGKILL has ended: none of it survives, and none joins it (QA197: a group that took
 * the number since, whose leader had exited, a user's pipeline, an agent's wrapper, holds no pid of
 * that number, and was taken for the agent's at close() and killed).
 */
function killedGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (signal === 'SIGKILL') groupsEnded.add(child);
}

/** How often the group of a shell that has exited is looked at, until it has ended (QA200). */
const GROUP_END_POLL_MS = 100;

/**
 * Once the shell has exited, its group is seen to end (its watchdog stops it, or what it left
 * exits), so a group that takes that number later is not taken for it (QA200: a served agent
 * that quit mid-run, its group ended by its watchdog, had a group of that number whose leader had
 * exited, a user's pipeline, SIGTERMed, then SIGKILLed, by the run's stop() at its end).
 */
function watchGroupEnd(child: ChildProcess): void {
  child.once('exit', () => {
    const pid = child.pid;
    if (pid === undefined) return;
    shellExits.set(child, { at: Date.now(), ticks: ticksSinceBoot() });
    const check = () => {
      if (!groupsEnded.has(child) && tryKill(-pid, 0)) return false;
      groupsEnded.add(child);
      clearInterval(timer);
      return true;
    };
    const timer = setInterval(check, GROUP_END_POLL_MS);
    timer.unref();
    check();
  });
}

/**
 * Whether the group of `child`, a shell evalc has reaped, is still the one it led (QA194: a local
 * agent that exited after its last reply had its group signalled at close() by number, and a
 * process that took that pid since, leading a group of its own, a user's job, another evalc's
 * agent, was sent SIGTERM and SIGKILL). A pid stays taken while a group of that number has a
 * process left, so a process holding it now means the group has ended; and an ended group never
 * comes back.
 */
function groupStillOwn(child: ChildProcess, pid: number): boolean {
  if (groupsEnded.has(child)) return false;
  if (pidHeld(pid) !== true && tryKill(-pid, 0) && !takenSince(child, pid)) return true;
  groupsEnded.add(child);
  return false;
}

/** When each shell exited: a wall-clock time, and clock ticks since boot as /proc counts starts. */
const shellExits = new WeakMap<ChildProcess, { at: number; ticks: number | undefined }>();

/**
 * How long after its shell's exit a group is still its own for certain: its watchdog job, started
 * with the shell, stays in it 2 s (3 s served) after the shell's exit before it ends it.
 */
const WATCHDOG_HOLD_MS = 1000;

/**
 * Whether group `pid` is another's, taken between two looks of watchGroupEnd (QA209: a group that
 * took the number within its 0.1 s, whose leader had exited, was SIGTERMed and SIGKILLed at the
 * run's end): while a group is the agent's, its watchdog job, started before the shell exited, is
 * in it; every process of a group that took the number since started after the agent's ended.
 * Read once the watchdog may have ended it, so a per-turn agent's close reads no /proc.
 */
function takenSince(child: ChildProcess, pid: number): boolean {
  const exit = shellExits.get(child);
  if (exit?.ticks === undefined || Date.now() - exit.at < WATCHDOG_HOLD_MS) return false;
  const members = groupMembers(pid);
  if (members === undefined) return false;
  return !members.some((member) => Number(member.start) <= (exit.ticks as number));
}

function tryKill(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of live) {
      // What it started outside its group goes too (QA189: a second Ctrl-C, which exits at once,
      // left an agent's setsid child running; stop() finds them, and it is not waited for here).
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
        signalEach(escapedDescendants(child.pid), 'SIGKILL');
      killProcessGroup(child, 'SIGKILL');
    }
    // And what a stop() under way sent SIGTERM, its agent gone already (not found by the above).
    killTerminated();
  });
}
