/**
 * `local` transport, agentv profile (AgentV parity): one process per turn — spawn the command,
 * write the JSON request (evalc appends `\n`, harmless for whole-stdout readers), close stdin,
 * read stdout to EOF and parse all of it as one JSON document. A non-zero exit fails with
 * `process_crashed` carrying the stderr text; stdout that is not one JSON document (e.g. a log
 * line before the JSON) fails with `invalid_json`. evalc adds a per-turn timeout (AgentV has
 * none) that kills the process group. stderr lines are also forwarded to the log.
 *
 * The reply ends when the process exits: what it left running in its group (a helper that
 * inherited stdout) is stopped then (process-group.ts's watchdog), so such a grandchild cannot
 * hold the stream open until the timeout; one outside the group (setsid) is not stopped, and the
 * stream is read 0.5 s after the exit. A process that writes its reply and keeps running
 * times out with a message saying so.
 */

import { parseBoundedJson } from '../bounded-json.js';
import { quoteCut, quoteUnfinished } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { escapedDescendants, signalEach } from './escaped-descendants.js';
import { crashError, type LocalTransportOptions } from './local-persistent.js';
import { killProcessGroup, spawnProcessGroupOrFail } from './process-group.js';
import { StderrTail } from './stderr-tail.js';
import {
  cancelledReply,
  type MaeTransport,
  notUtf8Reply,
  parseReplyText,
  type SendOptions,
  STDOUT_JSON_HINT,
  type TransportReply,
  timeoutReply,
} from './transport.js';
import { Utf8Text } from './utf8-text.js';

const WHERE = 'local agent';
/** A per-turn process that wrote nothing in time: its start-up counts toward every turn. */
const PER_TURN_STARTUP_HINT =
  ' (the agentv profile starts the command for every turn: its start-up — imports, loading a model — counts toward limits.timeout on each turn)';

/** How long after the process exits its stdout is waited for, held by a helper outside its group. */
const EXIT_GRACE_MS = 500;

/** Whether stdout holds a whole JSON object on one of its lines, or as a whole (a reply written). */
function wroteReply(stdout: string): boolean {
  const whole = (text: string) => {
    const parsed = parseBoundedJson(text.trim());
    return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null;
  };
  return whole(stdout) || stdout.split('\n').some(whole);
}

function unfinishedHint(stdout: string): string {
  return ` (it began a reply and did not finish it: it wrote ${JSON.stringify(quoteUnfinished(stdout.trim(), 120))}, which is no whole JSON object, and was still running)`;
}

const NOT_EXITED_HINT =
  ' (it wrote its reply but did not exit: the agentv profile reads stdout until the process exits; use profile: seed for an agent that keeps running)';

export class PerTurnLocalTransport implements MaeTransport {
  readonly #options: LocalTransportOptions;

  constructor(options: LocalTransportOptions) {
    this.#options = options;
  }

  async close(): Promise<void> {}

  send(body: Record<string, unknown>, { signal, log }: SendOptions): Promise<TransportReply> {
    if (signal.aborted) return Promise.resolve(cancelledReply(WHERE));
    const { command, cwd, env, timeoutMs } = this.#options;
    const maxChars = this.#options.maxReplyChars ?? 16 * 1024 * 1024;
    const child = spawnProcessGroupOrFail(command, { cwd, env, watchdog: true });
    // Stopped before its end (a timeout, a cancel, a reply too large): what it started outside its
    // group goes with it, found while it runs (QA194: it ran on after the run, as a persistent
    // agent's did before 1f0a77e).
    const stop = () => {
      const { pid, exitCode, signalCode } = child;
      if (pid !== undefined && exitCode === null && signalCode === null)
        signalEach(escapedDescendants(pid), 'SIGKILL');
      killProcessGroup(child);
    };
    const stderr = new StderrTail(child.stderr, this.#options.secrets);
    stderr.log = log;
    let stdout = '';
    let tooLarge = false;
    const utf8 = new Utf8Text();
    child.stdout?.on('end', () => {
      stdout += utf8.end();
    });
    child.stdout?.on('data', (bytes: Buffer) => {
      const chunk = utf8.write(bytes);
      if (stdout.length + chunk.length > maxChars) {
        tooLarge = true;
        stop();
      } else stdout += chunk;
    });
    child.stdin?.end(`${JSON.stringify(body)}\n`);

    return new Promise<TransportReply>((resolve) => {
      let settled = false;
      const finish = (reply: TransportReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // A run of base64 lines it wrote last, to this turn's log before it closes (QA298: a turn
        // that timed out or was cancelled after a wrapped dump on stderr lost those lines)
        stderr.release();
        signal.removeEventListener('abort', onAbort);
        resolve(reply);
      };
      const onAbort = () => {
        stop();
        finish(cancelledReply(WHERE));
      };
      const timer = setTimeout(() => {
        const running = child.exitCode === null && child.signalCode === null;
        stop();
        const reply = timeoutReply(WHERE, timeoutMs);
        // It did write something: say why that was not the reply (AgentV reads to EOF).
        // A reply begun and not finished is not one written (QA338: a slow writer, 8 bytes of
        // '{"action…' in, was told it 'wrote its reply but did not exit').
        if (!reply.ok && running && stdout.trim() !== '')
          reply.error.message += wroteReply(stdout) ? NOT_EXITED_HINT : unfinishedHint(stdout);
        // Nothing at all: with a process per turn, its start-up is paid on every turn (QA24: a
        // Python agent whose imports take 2 s timed out every turn with nothing said about it).
        else if (!reply.ok && stdout.trim() === '') reply.error.message += PER_TURN_STARTUP_HINT;
        finish(reply);
      }, timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('error', (error) =>
        finish({ ok: false, error: crashError({ code: null, signal: null, error: error.message }, stderr) }),
      );
      // The reply ends when the process exits: a helper that left its group (its own session:
      // setsid, a detached spawn) holds stdout as long as it runs, which the group's watchdog does
      // not end (QA181: each turn read 'no reply within 8000 ms' of an agent that had replied and
      // exited, and apply then sat the helpers' lifetime). Read a moment after the exit, then let go.
      let grace: NodeJS.Timeout | undefined;
      child.once('exit', (code, exitSignal) => {
        grace = setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          settle(code, exitSignal);
        }, EXIT_GRACE_MS);
      });
      child.once('close', (code, exitSignal) => {
        clearTimeout(grace);
        settle(code, exitSignal);
      });
      const settle = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        if (tooLarge) {
          finish({
            ok: false,
            error: { kind: 'response_too_large', message: `${WHERE}: reply exceeds ${maxChars} characters` },
          });
        } else if (code !== 0) {
          finish({
            ok: false,
            error: wroteBeforeCrash(crashError({ code, signal: exitSignal }, stderr), stdout),
          });
        } else if (stdout.trim() === '') {
          // nothing to parse, which AgentV fails as JSON too: said so, not 'reply is not JSON: ""'
          // and a banner hint (QA338)
          stderr.flush();
          const tail = stderr.summary();
          finish({
            ok: false,
            error: {
              kind: 'invalid_json',
              message: `${WHERE} exited with code 0 without writing a reply (its stdout was empty)${tail ? `; stderr: ${tail}` : ''}`,
            },
          });
        } else {
          const text = stdout.trim();
          finish(notUtf8Reply(parseReplyText(text, WHERE, STDOUT_JSON_HINT), WHERE, utf8.take(text)));
        }
      };
    });
  }
}

/**
 * A process that exited with an error after writing to stdout did not exit "before replying"
 * (QA168: a reply cut by a crash read so, its text nowhere): in the middle of a reply, or after a
 * whole one, which the agentv profile does not read (AgentV fails a turn whose process exits with
 * an error), and what it wrote.
 */
function wroteBeforeCrash(error: StepError, stdout: string): StepError {
  const wrote = stdout.trim();
  if (wrote === '') return error;
  const whole = parseBoundedJson(wrote).ok;
  const when = whole
    ? ' after writing its reply (the agentv profile, as AgentV, fails a turn whose process exits with an error)'
    : ' in the middle of a reply';
  // a reply cut short ends in a … where it stopped: a secret cut there is masked (QA185)
  const quoted = whole ? quoteCut(wrote, 120) : quoteUnfinished(wrote, 120);
  error.message = `${error.message.replace(' before replying', when)}; what came of it: ${quoted}`;
  return error;
}
