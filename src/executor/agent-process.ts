/**
 * Agent process lifecycle (`serve:` in the plan): start the agent's command before a run, wait
 * until it is ready, stop it afterwards.
 *
 * - `serve.command` runs through a shell in the plan file's folder, in its own process group,
 *   with the environment `process.env` + `opts.env` + `serve.env` (`${env.NAME}` in `serve.env`
 *   is resolved against the first two).
 * - stdout and stderr are appended to `opts.logFile` (the caller picks a path under
 *   `.evalc/logs/`); the last lines are kept for error messages (served-output.ts).
 * - Readiness: `ready.url` is polled (GET, every 100 ms) until it answers with a status below
 *   500 (or 501: up, no GET handler); or `ready.line` (a regular expression) matches a line of stdout or stderr (many
 *   servers, e.g. Flask, log to stderr); with neither, until the loopback port of the agent's own
 *   `url`/`address` (`opts.address`) accepts a TCP connection — a socket agent's address, tcp or
 *   unix, is read from the kernel's tables without connecting (listen-probe.ts) —, else a 500 ms settle during which the
 *   process must not exit. `ready.timeout` defaults to 15 s.
 * - Failures are values: `timeout` (not ready in time; the process is stopped),
 *   `process_crashed` (exited before ready; with code 0 the message says the command must keep
 *   running: when the shell exits, Node closes its stdin and the watchdog stops the group, so a
 *   wrapper that starts the agent in the background and exits cannot work — it should `exec`),
 *   `config_error` (bad `ready.line` regex, or
 *   `ready.url` already answering before the command starts: another process has the port),
 *   `cancelled` (opts.signal aborted). Messages carry the log tail.
 * - `PYTHONUNBUFFERED=1` is added unless the environment sets it (a Python server's `print`ed
 *   ready line would otherwise sit in a pipe buffer); a `ready.line` timeout with no output at
 *   all says that output may be buffered.
 * - `stop()` sends SIGTERM to the process group and to what it started outside the group
 *   (protocols/mae/escaped-descendants.ts), SIGKILL after 3 s, and resolves once the process has exited;
 *   idempotent. Groups still running when evalc exits are killed from the
 *   `exit` event; a signal that kills evalc without one (SIGKILL) closes the stdin pipe that the
 *   group's watchdog reads, and the watchdog stops the group (`withWatchdog`).
 */
import type { ChildProcess } from 'node:child_process';
import { stripUserInfo } from '../compiler/identities.js';
import { parseDuration } from '../plan/duration.js';
import type { ServeConfig } from '../plan/schema.js';
import { substituteEnvRefs } from '../plan/secrets.js';
import { escapedDescendants, signalEach, untilEnded } from '../protocols/mae/escaped-descendants.js';
import { killProcessGroup, spawnProcessGroup } from '../protocols/mae/process-group.js';
import { compileGuardedRegExp, type RegExpTester } from '../protocols/regexp/linear-regexp.js';
import type { StepError } from '../protocols/types.js';
import { listensAt, socketFileMark } from './listen-probe.js';
import { acceptsConnections, describeTarget, loopbackTarget } from './port-probe.js';
import { probeUrl, probeUrlSaying, tlsFailureNote, type UrlProbeResult } from './ready-url.js';
import {
  CLOSE_GRACE_MS,
  type ExitWatch,
  KILL_AFTER_MS,
  watchExit,
  wrapperHint,
} from './served-exit-watch.js';
import { closeLog, OutputTail, openLog } from './served-output.js';

export interface ServeOptions {
  /** Folder of the plan file that declares the agent. */
  cwd: string;
  /** Agent id, for messages. */
  name: string;
  logFile: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Secret values (e.g. `${env.X}` in `serve.env`): replaced by `***` in the log and in messages. */
  secrets?: readonly string[];
  /** Told once when the log file cannot be written (the agent runs on; messages keep its last lines). */
  warn?: (text: string) => void;
  /** The agent's (or judge's) `url` or socket `address`: without `ready:`, its loopback port is awaited. */
  address?: string;
  /** What is served, for messages: a judge's port held by another process read "the agent" (QA174). */
  role?: 'agent' | 'judge';
}

export interface ServedProcess {
  pid: number;
  stop(): Promise<void>;
  /**
   * Calls `listener` once if the process exits before `stop()` (it crashed or quit mid-run), with
   * how it ended and the last of its output (secrets masked), e.g. `exited with code 3; output: fatal: …`.
   */
  onUnexpectedExit(listener: (description: string) => void): void;
}

export type StartServedOutcome = { ok: true; handle: ServedProcess } | { ok: false; error: StepError };

const DEFAULT_READY_TIMEOUT_MS = 15_000;
const SETTLE_MS = 500;
const POLL_MS = 100;
const SILENT_HINT =
  ' (it wrote no output: ready.line waits for a line on stdout or stderr, and a program whose stdout is a pipe may hold its lines in a buffer: flush after printing the ready line)';

export async function startServedProcess(
  serve: ServeConfig,
  opts: ServeOptions,
): Promise<StartServedOutcome> {
  const label = `serve ${opts.name}`;
  const role = opts.role ?? 'agent';
  let readyLine: RegExpTester | undefined;
  try {
    // A pattern that could backtrack exponentially on some output line runs on RE2 (QA52).
    const guarded = serve.ready?.line === undefined ? undefined : compileGuardedRegExp(serve.ready.line, '');
    if (guarded?.ok === false)
      return {
        ok: false,
        error: {
          kind: 'config_error',
          message: `${label}: ready.line could take exponential time on some output lines (a repeated group that itself repeats or alternates) and has a lookaround or backreference the linear-time engine cannot run: rewrite it without the nesting`,
        },
      };
    readyLine = guarded?.regexp;
  } catch {
    return {
      ok: false,
      error: { kind: 'config_error', message: `${label}: ready.line is not a valid regular expression` },
    };
  }
  if (opts.signal?.aborted)
    return { ok: false, error: { kind: 'cancelled', message: `${label}: cancelled` } };
  const timeoutMs =
    serve.ready?.timeout === undefined
      ? DEFAULT_READY_TIMEOUT_MS
      : (parseDuration(serve.ready.timeout) ?? DEFAULT_READY_TIMEOUT_MS);

  // Credentials in the ready URL cannot be fetched (and must not be printed): polled without them.
  const readyUrl = serve.ready?.url === undefined ? undefined : stripUserInfo(serve.ready.url);
  // Something already answering the ready URL would pass for the agent while the one evalc
  // starts fails to bind its port: the run would talk to another process. One that accepts the
  // connection but has not answered within 1 s holds the port too: the readiness wait, which waits
  // for a slow answer (QA143), would take it for the agent.
  const before = readyUrl === undefined ? undefined : await probeUrl(readyUrl, 1_000, opts.signal);
  if (before === 'ready' || before === 'no_answer')
    return {
      ok: false,
      error: {
        kind: 'config_error',
        message: `${label}: ${readyUrl} already ${before === 'ready' ? 'answers' : 'accepts connections (no answer within 1 s)'} before evalc started the ${role}: another process holds its port (an earlier ${role} still running?). Stop it, or remove serve: to use the ${role} that is running`,
      },
    };
  // Without ready:, the agent's own loopback port (QA44, port-probe.ts); held already: as above.
  const readyPort = readyLine || readyUrl ? undefined : loopbackTarget(opts.address, opts.cwd);
  if (readyPort && (await acceptsConnections(readyPort)))
    return {
      ok: false,
      error: {
        kind: 'config_error',
        message: `${label}: ${describeTarget(readyPort)} already accepts connections before evalc started the ${role}: another process holds its port (an earlier ${role} still running?). Stop it, or remove serve: to use the ${role} that is running`,
      },
    };
  // A socket agent's probe must not take a connection (listen-probe.ts); an HTTP server's may.
  const noConnect = readyPort !== undefined && !/^https?:\/\//i.test(opts.address ?? '');
  const socketBefore = readyPort ? socketFileMark(readyPort) : undefined;
  const log = openLog(opts.logFile, (code) =>
    opts.warn?.(`${label}: cannot write its log ${opts.logFile} (${code}): the agent runs on without it`),
  );
  const env = withUnbufferedPython({
    ...(opts.env ?? {}),
    ...resolveEnv(serve.env ?? {}, { ...process.env, ...(opts.env ?? {}) }),
  });
  // stdin stays open (a pipe only evalc writes to): the watchdog of `withWatchdog` ends the
  // group when it closes, which a SIGKILL of evalc does too.
  let child: ChildProcess;
  try {
    child = spawnProcessGroup(withWatchdog(serve.command), { cwd: opts.cwd, env });
  } catch (err) {
    // spawn throws, rather than failing the start, for what the OS refuses outright (E2BIG: the
    // command and environment above its limit): Node's stack trace ended apply before.
    await closeLog(log);
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      error: {
        kind: 'config_error',
        message: `${label}: the command could not be started (${code ?? String(err)})${code === 'E2BIG' ? ': its command and environment are larger than the OS takes; put the command in a script and long values in files' : ''}`,
      },
    };
  }
  const output = new OutputTail(opts.secrets ?? []);
  let lineSeen = false;
  const onLine = (line: string) => {
    if (readyLine?.test(line)) lineSeen = true;
  };
  output.attach(child.stdout, log, onLine);
  output.attach(child.stderr, log, onLine);
  const exit = watchExit(child);
  const handle = makeHandle(child, exit, log, output);
  const fail = async (error: StepError): Promise<StartServedOutcome> => {
    await handle.stop();
    return { ok: false, error };
  };

  const deadline = Date.now() + timeoutMs;
  const settleUntil = Date.now() + SETTLE_MS;
  let lastProbe: UrlProbeResult | undefined;
  for (;;) {
    if (exit.info) {
      // Read before stop() lets go of the pipes, which would pass for their close.
      const wrapper = exit.info.code === 0 ? wrapperHint(exit) : undefined;
      await handle.stop();
      const status =
        exit.info.error ??
        (exit.info.signal ? `was killed by ${exit.info.signal}` : `exited with code ${exit.info.code}`);
      const hint = wrapper ? await wrapper : output.lines().some(isAddressInUse) ? ADDRESS_IN_USE_HINT : '';
      return {
        ok: false,
        error: {
          kind: 'process_crashed',
          message: `${label} ${status} before it was ready${hint}${output.suffix()}`,
          details: { tail: output.lines() },
        },
      };
    }
    if (opts.signal?.aborted)
      return fail({ kind: 'cancelled', message: `${label}: cancelled while waiting for readiness` });
    // A probe waits up to the time left (at least 1 s): a slow /info is an agent that is up (QA143).
    if (readyUrl && !readyLine)
      lastProbe = await probeUrlSaying(readyUrl, Math.max(1_000, deadline - Date.now()), opts.signal);
    const ready = readyLine
      ? lineSeen
      : readyUrl
        ? lastProbe?.probe === 'ready'
        : readyPort
          ? ((noConnect ? listensAt(readyPort, socketBefore) : undefined) ??
            (await acceptsConnections(readyPort)))
          : Date.now() >= settleUntil;
    if (ready) {
      return { ok: true, handle };
    }
    if (Date.now() >= deadline) {
      return fail({
        kind: 'timeout',
        message: `${label} not ready within ${timeoutMs} ms${readyPort ? ` (nothing accepts connections at ${describeTarget(readyPort)}, its ${noConnect ? 'socket address' : "url's port"}; set serve.ready.url or ready.line if it listens elsewhere)` : ''}${lastProbe?.probe === 'no_answer' ? ` (${readyUrl} accepted the connection but had not answered when the time ran out: raise serve.ready.timeout, or point ready.url at a quicker page)` : ''}${tlsFailureNote(lastProbe, readyUrl)}${output.suffix() || (readyLine ? SILENT_HINT : '')}`,
        retryable: false,
        details: { tail: output.lines() },
      });
    }
    await sleep(POLL_MS);
  }
}

function makeHandle(
  child: ChildProcess,
  exit: ExitWatch,
  log: NodeJS.WritableStream,
  output: OutputTail,
): ServedProcess {
  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid ?? -1,
    onUnexpectedExit(listener) {
      void exit.promise.then(async (info) => {
        if (stopping) return;
        const hint = info.code === 0 ? await wrapperHint(exit) : '';
        const how =
          info.error ?? (info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`);
        // Code 0 mid-run is a wrapper that exited after its agent was up (QA181: the warning said no
        // more than 'exited with code 0', then every example 'connection refused').
        listener(`${how}${hint}${output.suffix()}`);
      });
    },
    stop() {
      stopping ??= (async () => {
        // What it started outside its group (setsid, a detached spawn) goes with it (QA181: it was
        // left running after the run, holding the agent's output); found while it still runs.
        // Not once it has exited: its pid may be another's since (QA189).
        const gone = child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
        const escaped = gone ? [] : escapedDescendants(child.pid);
        const sent = Date.now();
        child.stdin?.end();
        killProcessGroup(child, 'SIGTERM');
        signalEach(escaped, 'SIGTERM');
        const timer = setTimeout(() => {
          killProcessGroup(child, 'SIGKILL');
          signalEach(escaped, 'SIGKILL');
        }, KILL_AFTER_MS);
        // The output pipes close once the group has ended (its processes given the SIGTERM grace);
        // a process that left the group (its own session: setsid, a detached spawn) holds them open
        // as long as it runs, which no signal to the group ends (QA178: apply, refused, sat 300 s on
        // an agent's `sleep 300` daemon). Waited for no longer than the SIGKILL and a moment after.
        let grace: NodeJS.Timeout | undefined;
        const closed = await Promise.race([
          exit.closed.then(() => true),
          new Promise<false>((resolve) => {
            grace = setTimeout(() => resolve(false), KILL_AFTER_MS + CLOSE_GRACE_MS);
          }),
        ]);
        // What left the group has the group's grace: the group's end does not cut it short.
        await untilEnded(escaped, sent + KILL_AFTER_MS - Date.now());
        clearTimeout(timer);
        clearTimeout(grace);
        // Whatever the shell left behind in the group goes too.
        killProcessGroup(child, 'SIGKILL');
        signalEach(escaped, 'SIGKILL');
        if (!closed) {
          output.end();
          child.stdout?.destroy();
          child.stderr?.destroy();
        }
        await closeLog(log);
      })();
      return stopping;
    },
  };
}

/**
 * The served command behind a watchdog in the same process group: a background `cat` reads the
 * stdin pipe evalc holds (saved as fd 3) and, when it ends, sends SIGTERM to the group, then
 * SIGKILL 3 s later. `stop()` ends the pipe itself; a SIGKILL of evalc (no `exit` hook runs)
 * ends it too, so a served agent never outlives the run and keeps its port from the next apply.
 * The command itself reads /dev/null, as it read a closed pipe before.
 */
export function withWatchdog(command: string): string {
  // One line before the command, so the shell's line numbers are the command's own: a missing
  // program read `/bin/sh: 4: nosuch: not found`, 4 being this wrapper's line (QA97, QA106).
  return `exec 3<&0 0</dev/null; { trap '' TERM; cat <&3 >/dev/null 2>&1; kill -TERM 0 2>/dev/null; sleep 3; kill -KILL 0 2>/dev/null; } >/dev/null 2>&1 & exec 3<&-; ${command}`;
}

/**
 * `PYTHONUNBUFFERED=1` unless the environment sets it: a Python server that `print`s its ready
 * line writes to a block-buffered pipe, and `ready.line` would never see it (QA13). The same
 * choice as the persistent `local` mae transport.
 */
function withUnbufferedPython(env: Record<string, string>): Record<string, string> {
  if (env.PYTHONUNBUFFERED !== undefined || process.env.PYTHONUNBUFFERED !== undefined) return env;
  return { ...env, PYTHONUNBUFFERED: '1' };
}

function resolveEnv(
  env: Record<string, string>,
  source: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    out[key] = substituteEnvRefs(value, source);
  }
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Its port is still held: by another process, or by the previous run's connections in TIME-WAIT
 * after a crash (Python's `socketserver.TCPServer` does not set SO_REUSEADDR; http.server, Flask,
 * uvicorn and asyncio do). QA24 S1.
 */
const ADDRESS_IN_USE_HINT =
  ' (its address is in use: another process listens there, or, right after a crash, the old connections still hold it; a Python socketserver.TCPServer needs allow_reuse_address = True)';

function isAddressInUse(line: string): boolean {
  return /EADDRINUSE|Address already in use/i.test(line);
}
