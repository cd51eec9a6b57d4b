/**
 * Child processes started through a shell, each in its own process group so that a kill
 * reaches the shell and everything it started (`detached` + a negative pid). Groups still alive
 * when evalc exits are killed (best effort, from the `exit` event).
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface SpawnGroupOptions {
  cwd: string;
  /** Merged over the parent environment. */
  env?: Record<string, string> | undefined;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Spawns `command` with `shell: true` in a new process group, stdio piped. */
export function spawnProcessGroup(command: string, options: SpawnGroupOptions): ChildProcess {
  installExitHook();
  const child = spawn(command, {
    shell: true,
    cwd: options.cwd,
    env: { ...process.env, ...(options.env ?? {}) },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  child.once('close', () => live.delete(child));
  child.once('error', () => live.delete(child));
  // A write to a process that already died must not crash evalc.
  child.stdin?.on('error', () => undefined);
  return child;
}

/** Sends `signal` to the child's whole process group (falls back to the child alone). */
export function killProcessGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    // The shell may be gone while its group lives on: still try the group.
    if (child.pid !== undefined) tryKill(-child.pid, signal);
    return;
  }
  if (!tryKill(-child.pid, signal)) tryKill(child.pid, signal);
}

function tryKill(pid: number, signal: NodeJS.Signals): boolean {
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
    for (const child of live) killProcessGroup(child, 'SIGKILL');
  });
}
