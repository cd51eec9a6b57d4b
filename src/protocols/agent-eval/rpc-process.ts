/**
 * Runs one agent-eval stdio RPC process (`<command> rpc [method]` or `rpc-batch`): writes the
 * whole request to stdin, collects stdout, and reports the exit code. The command runs through
 * the shell in the plan file's folder, in its own process group so a timeout or a cancel kills
 * every process it started, behind the `mae` transports' watchdog (QA67): a job in the group reads
 * a pipe only evalc holds and stops the group when it ends — when the call is settled, or when
 * evalc dies (`kill -9`), so a judge call in flight does not run on, orphaned, after the run.
 */
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import type { Readable } from 'node:stream';
import { scrubSecrets } from '../../plan/secrets.js';
import { spawnRefused, withGroupWatchdog } from '../mae/process-group.js';
import { Utf8Text } from '../mae/utf8-text.js';
import { codePointTail } from '../quote-cut.js';
import type { StepError } from '../types.js';

export interface RpcProcessRequest {
  command: string;
  args: string[];
  stdin: string;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** A second cancel source (the client's close()); listened to without AbortSignal.any. */
  closeSignal?: AbortSignal;
  env?: Record<string, string | undefined>;
  /** The run's secrets: masked in the stderr a message quotes before its tail is cut (QA100). */
  secrets?: readonly string[];
}

export type RpcProcessResult =
  /** `utf8`: stdout as read, to tell a reply with bytes that were not UTF-8 (QA244) */
  | { ok: true; stdout: string; stderr: string; exitCode: number | null; utf8: Utf8Text }
  | { ok: false; error: StepError };

const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** How much of stderr's end is kept for the error message (it quotes the tail). */
const MAX_STDERR_BYTES = 64 * 1024;
/** How long stdout/stderr may stay open after the command exits before its process group is stopped. */
const EXIT_GRACE_MS = 250;

export function runRpcProcess(request: RpcProcessRequest): Promise<RpcProcessResult> {
  const where = `agent-eval ${request.args.join(' ')} (stdio)`;
  if (request.signal.aborted || request.closeSignal?.aborted) {
    return Promise.resolve({
      ok: false,
      error: { kind: 'cancelled', message: `${where}: cancelled`, retryable: false },
    });
  }
  return new Promise((resolve) => {
    // A YAML block scalar (`command: |`) ends in a line break: `rpc <method>` appended after it ran
    // as a command of its own ("rpc: not found") and every call failed (QA94).
    const start = () =>
      spawn(withGroupWatchdog(`${request.command.trimEnd()} ${request.args.join(' ')}`), {
        cwd: request.cwd,
        shell: true,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
        env: request.env ?? process.env,
      });
    let child: ReturnType<typeof start>;
    try {
      child = start();
    } catch (err) {
      // What the OS refuses outright (E2BIG) spawn throws: it crashed apply with Node's stack trace.
      resolve({
        ok: false,
        error: {
          kind: 'process_crashed',
          message: `${where}: could not start (${spawnRefused(err)})`,
          retryable: false,
        },
      });
      return;
    }
    const guard = child.stdio[3] as Readable | null;
    guard?.on('error', () => undefined);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    let size = 0;
    let settled = false;
    let afterExit: NodeJS.Timeout | undefined;
    const finish = (result: RpcProcessResult) => {
      if (settled) return;
      settled = true;
      // Whatever the command left in its group goes now, the watchdog job with it (no job
      // lingers in its 2 s wait after each call).
      guard?.destroy();
      killGroup();
      // A helper outside the group would hold them, and evalc with them, as long as it runs.
      child.stdout.destroy();
      child.stderr.destroy();
      clearTimeout(timer);
      clearTimeout(afterExit);
      request.signal.removeEventListener('abort', onAbort);
      request.closeSignal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    // Once SIGKILLed, or found gone, the group has ended, and its number may be another's since:
    // the call settling 250 ms after the kill at exit killed a group that took it (QA209).
    let groupEnded = false;
    const killGroup = () => {
      if (groupEnded || child.pid === undefined) return;
      groupEnded = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const fail = (error: StepError) => {
      killGroup();
      finish({ ok: false, error });
    };
    const onAbort = () => fail({ kind: 'cancelled', message: `${where}: cancelled`, retryable: false });
    const timer = setTimeout(
      () =>
        fail({
          kind: 'timeout',
          // What a hung judge printed last (a model still loading) says why (QA95).
          message: `${where}: no reply within ${request.timeoutMs} ms${stderrTail(Buffer.concat(stderr).toString('utf8'), request.secrets)}`,
          retryable: true,
        }),
      request.timeoutMs,
    );
    // Every call in flight listens to the same run and close signals (removed when it settles):
    // more than ten judge calls at once is no leak, and Node's MaxListenersExceededWarning was
    // printed on the user's terminal (QA82). The lifted limit hides a real leak too:
    // tests/protocols/rpc-process-listeners.test.ts checks that every settled call removed its own.
    setMaxListeners(0, request.signal);
    if (request.closeSignal) setMaxListeners(0, request.closeSignal);
    request.signal.addEventListener('abort', onAbort, { once: true });
    request.closeSignal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        fail({
          kind: 'response_too_large',
          message: `${where}: output exceeds ${MAX_OUTPUT_BYTES} bytes`,
          retryable: false,
        });
        return;
      }
      stdout.push(chunk);
    });
    // Keep the LAST bytes: the message quotes stderr's tail (a Python traceback's last line says
    // what failed). The first 64 chunks were kept before, and a traceback written in many small
    // writes (Python 3.11's caret lines) lost its exception line (QA82).
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      stderrBytes += chunk.length;
      while (stderr.length > 1 && stderrBytes - (stderr[0]?.length ?? 0) >= MAX_STDERR_BYTES)
        stderrBytes -= stderr.shift()?.length ?? 0;
    });
    child.on('error', (cause) =>
      fail({
        kind: 'process_crashed',
        message: `${where}: could not start (${cause.name})`,
        retryable: false,
      }),
    );
    // The command exited but a process it left behind (in its group) still holds stdout or stderr
    // open, so 'close' would wait for it (QA50: every judge call then ran into its timeout with its
    // reply already written): give the pipes a moment to drain, then stop the group, which closes them.
    child.on('exit', () => {
      // The guard pipe is one of the child's stdio streams: 'close' would wait for it.
      guard?.destroy();
      afterExit = setTimeout(() => {
        killGroup();
        // One that left the group (its own session: setsid, a detached spawn) holds them on, which
        // no signal to the group ends: let go of them a moment later (QA181: each call waited for
        // that helper's exit, or ran into its timeout, with its reply written).
        afterExit = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
        }, EXIT_GRACE_MS);
      }, EXIT_GRACE_MS);
    });
    child.on('close', (exitCode) => {
      const utf8 = new Utf8Text();
      finish({
        ok: true,
        stdout: utf8.write(Buffer.concat(stdout)) + utf8.end(),
        stderr: Buffer.concat(stderr).toString('utf8'),
        exitCode,
        utf8,
      });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.stdin);
  });
}

/**
 * `; stderr: <its last 200 characters>` (a Python traceback's last line says what failed), or
 * nothing. Secrets are masked before the cut: masked after it, a secret the cut began inside kept
 * its tail (`…; stderr: 123456789 ...` of `key=sk-…0123456789`; QA100).
 */
export function stderrTail(stderr: string, secrets: readonly string[] = []): string {
  // A last line the process stopped in (no end of line) ends in a `…` where it stopped, so the
  // head of a secret it stopped in is masked as a cut one is (QA236: `auth with sk-QA236-SECR`).
  const stopped = stderr.trim() !== '' && !/[\r\n]$/.test(stderr) ? `${stderr}…` : stderr;
  // never from the second half of an emoji (QA190: a lone `\udc00` in report.json and the cache)
  const tail = codePointTail(scrubSecrets(stopped, secrets).replace(/\s+/g, ' ').trim(), 200);
  return tail ? `; stderr: ${tail}` : '';
}
