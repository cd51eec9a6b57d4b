/**
 * How a served agent's end is read (agent-process.ts): its exit, its output pipes' close (held on
 * by a process it started outside its group), and which wrapper hint a code 0 gets.
 */
import type { ChildProcess } from 'node:child_process';

/** SIGTERM to SIGKILL, at stop() and in the group's watchdog. */
export const KILL_AFTER_MS = 3_000;
/**
 * How long the output pipes a process outside the group holds are waited for: after the process
 * exits, before its end is read; after the SIGKILL, before `stop()` lets go of them.
 */
export const CLOSE_GRACE_MS = 500;
const WRAPPER_HINT =
  " (serve.command must keep running: a wrapper that starts the agent in the background and exits takes it down with it; run the agent in the foreground, e.g. `exec python agent.py` as the script's last line)";
/** Code 0 while what it started outside its group holds its output: that runs on (QA189). */
const LEFT_RUNNING_HINT =
  " (serve.command must keep running: it exited while a process it started still holds its output; one outside its process group (setsid, a detached spawn) runs on where evalc cannot stop it, and may hold the agent's port: stop it yourself, then run the agent in the foreground, e.g. `exec python agent.py` as the script's last line)";

export interface ExitInfo {
  code: number | null;
  signal: string | null;
  error?: string;
  /** Read CLOSE_GRACE_MS after the exit, its output pipes still held by another process. */
  held?: boolean;
}

/**
 * Its output held past the watchdog's SIGKILL (3 s after the exit, and a moment more): the holder is
 * outside the group. One in the group held it only until the watchdog stopped it (QA194: a
 * background agent taking 1 s to shut down on SIGTERM was said to run on outside the group).
 */
export async function wrapperHint(exit: ExitWatch): Promise<string> {
  if (!exit.info?.held) return WRAPPER_HINT;
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    exit.closed.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(
        () => resolve(false),
        Math.max(0, exit.exitedAt + KILL_AFTER_MS + CLOSE_GRACE_MS - Date.now()),
      );
    }),
  ]);
  clearTimeout(timer);
  return closed ? WRAPPER_HINT : LEFT_RUNNING_HINT;
}

export interface ExitWatch {
  /** How the process ended: once its output pipes close, or CLOSE_GRACE_MS after it exits. */
  promise: Promise<ExitInfo>;
  /** When its output pipes have closed (they close with the process unless another holds them). */
  closed: Promise<void>;
  readonly info: ExitInfo | undefined;
  /** When the process exited (Date.now()). */
  readonly exitedAt: number;
}

/**
 * The process's end is read when its output pipes close (its last lines read), or CLOSE_GRACE_MS
 * after it exits: a child that left the group (setsid, a detached spawn) holds them as long as it
 * runs (QA181: an agent that exited with code 3 before it was ready read 'not ready within
 * 10000 ms' when serve.ready.timeout ran out, and a crash mid-run went unsaid).
 */
export function watchExit(child: ChildProcess): ExitWatch {
  let info: ExitInfo | undefined;
  let exitedAt = Date.now();
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const promise = new Promise<ExitInfo>((resolve) => {
    let grace: NodeJS.Timeout | undefined;
    child.once('exit', (code, signal) => {
      exitedAt = Date.now();
      grace = setTimeout(() => {
        info ??= { code, signal, held: true };
        resolve(info);
      }, CLOSE_GRACE_MS);
    });
    child.once('close', (code, signal) => {
      clearTimeout(grace);
      markClosed();
      info ??= { code, signal };
      resolve(info);
    });
    child.once('error', (error) => {
      info = { code: null, signal: null, error: `could not start (${error.message})` };
      markClosed();
      resolve(info);
    });
  });
  return {
    promise,
    closed,
    get info() {
      return info;
    },
    get exitedAt() {
      return exitedAt;
    },
  };
}
