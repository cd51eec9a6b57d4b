/**
 * `local` transport, seed profile: one long-lived agent process speaking JSON lines — one
 * request line on stdin, one reply line on stdout; stderr lines go to the log of the request in
 * flight. Requests are serialised (one at a time per process).
 *
 * Failures: a process that exits while a request waits fails that request with
 * `process_crashed` (carrying the stderr tail) and is started again on the next request; a
 * timeout, an abort, an oversized or non-JSON reply kill the process (the reply stream can no
 * longer be trusted to be in step) and the next request starts a fresh one.
 *
 * An agent that answers one request and exits (a one-shot script) races the next request: it
 * may be written before the exit is seen. So when a REUSED process exits with code 0 without
 * answering a request, the request is sent once more to a fresh process.
 *
 * After each reply the channel settles (`LineChannel.settle`: two polls of the streams and
 * 2 ms): a second line written for the same request is logged and the process replaced (it is
 * out of step), and stderr written before or right after the reply is logged under the request
 * it belongs to, not the next one.
 *
 * `PYTHONUNBUFFERED=1` is set for the process unless the environment already sets it: a Python
 * agent that prints its reply without `sys.stdout.flush()` would otherwise sit in a pipe's block
 * buffer until the turn times out.
 */
import type { ChildProcess } from 'node:child_process';
import { quoteCut } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { escapedDescendants, signalEach, untilEnded } from './escaped-descendants.js';
import { LineChannel, STILL_WRITING, TOO_LONG_REUSED } from './line-channel.js';
import { killProcessGroup, spawnProcessGroupOrFail } from './process-group.js';
import { SerialQueue } from './serial-queue.js';
import { StderrTail } from './stderr-tail.js';
import {
  answeredBeforeHint,
  cancelledReply,
  FRESH_PROCESS_ANSWERED_HINT,
  FRESH_PROCESS_TIMEOUT_HINT,
  type MaeTransport,
  noteExtraLines,
  replyFromLineEvent,
  type SendOptions,
  STDOUT_JSON_HINT,
  type TransportReply,
} from './transport.js';

export interface LocalTransportOptions {
  command: string;
  cwd: string;
  env?: Record<string, string> | undefined;
  timeoutMs: number;
  /** Largest accepted reply, characters. Default 16 MiB. */
  maxReplyChars?: number;
  /** Masked in the agent's stderr lines before they are cut to length (StderrTail). */
  secrets?: readonly string[];
  /** Shared by the agent's processes (one per pool member and restart): how many replies they have had. */
  witness?: { replies: number };
}

interface ExitInfo {
  code: number | null;
  signal: string | null;
  error?: string;
}

interface LiveProcess {
  child: ChildProcess;
  stdout: LineChannel;
  stderr: StderrTail;
  exited: Promise<ExitInfo>;
}

/** How long after the process exits its output pipes are waited for, held by a helper outside its group. */
const EXIT_GRACE_MS = 500;
const WHERE = 'local agent';

export class PersistentLocalTransport implements MaeTransport {
  readonly #options: LocalTransportOptions;
  /** This transport's own count when the adapter shares none (`witness`). */
  readonly #witness = { replies: 0 };
  readonly #queue = new SerialQueue();
  #live: LiveProcess | undefined;
  #closed = false;

  constructor(options: LocalTransportOptions) {
    this.#options = options;
  }

  send(body: Record<string, unknown>, options: SendOptions): Promise<TransportReply> {
    return this.#queue.run(async () => {
      const first = await this.#exchange(body, options);
      if (options.signal.aborted) return first.reply;
      if (first.tooLongReused) options.log(`${WHERE}: ${TOO_LONG_REUSED}; resending on a fresh process`);
      else if (first.exitedReused)
        options.log(`${WHERE}: the process exited after its previous reply; starting it again and resending`);
      else return first.reply;
      return (await this.#exchange(body, options)).reply;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const live = this.#live;
    this.#live = undefined;
    if (!live) return;
    // What it started outside its group (setsid, a detached spawn) goes with it (QA181, as a served
    // agent's): found while it still runs.
    // Not once it has exited: its pid may be another's since (QA189).
    const { pid, exitCode, signalCode } = live.child;
    const escaped =
      pid === undefined || exitCode !== null || signalCode !== null ? [] : escapedDescendants(pid);
    const sent = Date.now();
    live.child.stdin?.end();
    killProcessGroup(live.child, 'SIGTERM');
    signalEach(escaped, 'SIGTERM');
    const timer = setTimeout(() => {
      killProcessGroup(live.child, 'SIGKILL');
      signalEach(escaped, 'SIGKILL');
    }, 1_000);
    // `exited` waits for the output pipes to close: a process that left the group (its own
    // session: setsid, a detached spawn) holds them as long as it runs, which no signal to the
    // group ends (QA181: apply sat that child's lifetime after 'Apply complete', as 381672f's
    // served agents did). Let go of EXIT_GRACE_MS after the exit (#start); waited for no longer
    // than the SIGKILL and a moment after in any case.
    let grace: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      live.exited.then(() => true),
      new Promise<false>((resolve) => {
        grace = setTimeout(() => resolve(false), 1_500);
      }),
    ]);
    // What left the group has the group's grace: the group's end does not cut it short (QA189).
    await untilEnded(escaped, sent + 1_000 - Date.now());
    clearTimeout(timer);
    clearTimeout(grace);
    signalEach(escaped, 'SIGKILL');
    if (!closed) {
      killProcessGroup(live.child, 'SIGKILL');
      live.child.stdout?.destroy();
      live.child.stderr?.destroy();
    }
  }

  /**
   * One request/reply; `exitedReused` when a reused process exited cleanly without replying,
   * `tooLongReused` when a reused process wrote a line over the limit (QA50).
   */
  async #exchange(
    body: Record<string, unknown>,
    { signal, log }: SendOptions,
  ): Promise<{ reply: TransportReply; exitedReused: boolean; tooLongReused?: boolean }> {
    const only = (reply: TransportReply) => ({ reply, exitedReused: false });
    if (signal.aborted) return only(cancelledReply(WHERE));
    if (this.#closed)
      return only({ ok: false, error: { kind: 'transport_error', message: `${WHERE}: transport closed` } });
    let live = this.#live;
    if (live?.stdout.closed) {
      log(`${WHERE}: process had exited; starting it again`);
      live = undefined;
    } else if (live?.stdout.busy) {
      log(`${WHERE}: ${STILL_WRITING}; starting a fresh process`);
      this.#discard(live);
      live = undefined;
    }
    const reused = live !== undefined;
    live ??= this.#start();
    this.#live = live;
    live.stderr.log = log;
    for (const stale of live.stdout.takeStale())
      log(`${WHERE}: ignored unsolicited stdout line: ${quoteCut(stale, 200)}`);
    live.child.stdin?.write(`${JSON.stringify(body)}\n`);
    const event = await live.stdout.next(this.#options.timeoutMs, signal);
    const witness = this.#options.witness ?? this.#witness;
    if (event.kind === 'line') witness.replies++;
    let cleanExit = false;
    const reply = await replyFromLineEvent(event, WHERE, this.#options.timeoutMs, {
      drop: () => this.#discard(live),
      notJsonHint: STDOUT_JSON_HINT,
      // A reused process has answered (a timeout or a line that is no JSON discards it).
      timeoutHint: reused
        ? answeredBeforeHint('process')
        : witness.replies > 0
          ? FRESH_PROCESS_ANSWERED_HINT
          : FRESH_PROCESS_TIMEOUT_HINT,
      closed: async () => {
        this.#live = undefined;
        const exit = await withGrace(live.exited);
        cleanExit = exit.code === 0 && exit.signal === null && exit.error === undefined;
        // Not for one that exited writing a reply: it was answering (QA168: the profile hint
        // followed a cut turn-3 reply of a process that had answered turns 1 and 2).
        const hint =
          cleanExit && !(event.kind === 'closed' && event.cut !== undefined) ? EXITED_CLEANLY_HINT : '';
        return { ok: false, error: crashError(exit, live.stderr, hint) };
      },
    });
    // Also the moment the agent's stderr written around this reply reaches this request's log.
    if (event.kind === 'line')
      noteExtraLines(reply, await live.stdout.settle(), {
        where: WHERE,
        noun: 'process',
        log,
        drop: () => this.#discard(live),
      });
    live.stderr.release(); // a run of base64 lines it ended on, to this request's log
    // A slow-loading agent (model weights, heavy imports) times out on every request, each on a
    // fresh process: say where the time went (the error names profile: agentv too, QA56).
    if (event.kind === 'timeout' && event.unfinished === undefined && !reused && witness.replies === 0)
      log(
        `${WHERE}: the process was started for this request and wrote no reply within ${this.#options.timeoutMs} ms; its start-up counts toward limits.timeout (raise it for an agent that loads slowly); an agent that reads stdin to its end (json.load(sys.stdin)) and answers once needs profile: agentv`,
      );
    return {
      reply,
      // a process that exited in the middle of its reply did not exit after its previous one (QA163)
      exitedReused: reused && cleanExit && !(event.kind === 'closed' && event.cut !== undefined),
      tooLongReused: reused && event.kind === 'too_large',
    };
  }

  #start(): LiveProcess {
    const child = spawnProcessGroupOrFail(this.#options.command, {
      cwd: this.#options.cwd,
      env: withUnbufferedPython(this.#options.env),
      watchdog: true,
    });
    const stdout = new LineChannel(child.stdout!, this.#options.maxReplyChars ?? 16 * 1024 * 1024);
    const stderr = new StderrTail(child.stderr, this.#options.secrets);
    // A helper that left the group (its own session: setsid, a detached spawn) holds the output
    // pipes as long as it runs, which the group's watchdog does not end: they are let go of a
    // moment after the process exits, so its end is read (QA181: an agent that exited with code 3
    // on a request read 'no reply within 8000 ms', and evalc sat the helper's lifetime at exit).
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, EXIT_GRACE_MS);
    });
    const exited = new Promise<ExitInfo>((resolve) => {
      child.once('close', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => {
        resolve({ code: null, signal: null, error: error.message });
        stdout.markClosed();
      });
    });
    return { child, stdout, stderr, exited };
  }

  #discard(live: LiveProcess): void {
    if (this.#live === live) this.#live = undefined;
    // What it started outside its group goes too, as at close() (QA189: a timed-out process's
    // setsid child ran on after the run).
    const { pid, exitCode, signalCode } = live.child;
    if (pid !== undefined && exitCode === null && signalCode === null)
      signalEach(escapedDescendants(pid), 'SIGKILL');
    killProcessGroup(live.child, 'SIGKILL');
  }
}

/** The exit status, or a placeholder if the process has not reported it within a second. */
function withGrace(exited: Promise<ExitInfo>): Promise<ExitInfo> {
  const late: Promise<ExitInfo> = new Promise((resolve) => {
    setTimeout(() => resolve({ code: null, signal: null }), 1_000).unref();
  });
  return Promise.race([exited, late]);
}

/** A persistent agent that exited cleanly without answering: say what the profile expects. */
const EXITED_CLEANLY_HINT =
  ' (a seed-profile agent keeps running and answers each request line; one that reads stdin to its end and answers once needs profile: agentv)';

export function crashError(exit: ExitInfo, stderr: StderrTail, hint = ''): StepError {
  stderr.flush();
  const status = exit.error
    ? `could not start (${exit.error})`
    : exit.signal
      ? `was killed by ${exit.signal}`
      : `exited with code ${exit.code ?? 'unknown'}`;
  const tail = stderr.summary();
  return {
    kind: 'process_crashed',
    message: `${WHERE} ${status} before replying${hint}${tail ? `; stderr: ${tail}` : ''}`,
    retryable: false,
    details: { exitCode: exit.code, signal: exit.signal, stderrTail: stderr.lines() },
  };
}

function withUnbufferedPython(env: Record<string, string> | undefined): Record<string, string> {
  if (env?.PYTHONUNBUFFERED !== undefined || process.env.PYTHONUNBUFFERED !== undefined) return env ?? {};
  return { ...env, PYTHONUNBUFFERED: '1' };
}
