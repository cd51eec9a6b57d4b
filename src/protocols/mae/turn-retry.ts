/**
 * `limits.retries` for the `mae` transports that have no HTTP client of their own to retry with
 * (`local`, `socket`, and `sse` for a 429/503 status or a connection that reached no server only, `BEFORE_STREAM`): a turn that failed transiently — `timeout`, `transport_error` (a
 * reset, a connection closed before or in the middle of its reply), `process_crashed` — is sent
 * again, after the full-jitter backoff the HTTP transport waits (the wait a 429/503 asks, up to its
 * cap, as a floor: retry-policy.ts), up to `limits.retries` times
 * (QA163: only `http` retried; a socket agent's reset ended its conversation whatever the plan
 * said). The failed process or connection was dropped by the transport, so the retry goes to a
 * fresh one, with the same request (the seed profile's `conversation_history` carries the
 * conversation). Other failures (`invalid_json`, `response_too_large`, a cancel) are not retried.
 */
import { RETRY_AFTER_CAP_MS, retryDelayMs, waitPastCapNote } from '../http/retry-policy.js';
import type { StepError } from '../types.js';
import type { MaeTransport, SendOptions, TransportReply } from './transport.js';

const TRANSIENT = new Set(['timeout', 'transport_error', 'process_crashed']);
const transient = (error: StepError): boolean => TRANSIENT.has(error.kind);

/**
 * A connection that reached no server: refused, no such host (yet: a compose service's name),
 * no route. QA281: only a refused one was sent again, where `http` retries every one of them.
 * QA313: one that never opened in undici's 10 s (a TCP connect or a TLS handshake nothing answered,
 * said in words since bd4d1e9b) sent nothing either, and `http` retries it as a timeout.
 * QA323: such a turn is a `timeout`, as over `http`, also when limits.timeout ran out first.
 */
const NOTHING_SENT =
  /\((?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|UND_ERR_CONNECT_TIMEOUT)\)$/;

/**
 * What an `sse` turn may be sent again after (QA260): a 429 or 503 status, which arrives before any
 * stream, so the agent acted on nothing, and a connection that reached no server, over which nothing
 * was sent (QA273: an agent not yet listening failed at once under `limits.retries`, where `http`
 * retries it; QA281: a host not found alike).
 * A stream begun (then cut, or timed out) never is: it may have made the agent act; nor another
 * status (a 500 may come after the agent began acting), nor a reset (the request may have arrived).
 */
export const BEFORE_STREAM = (error: StepError): boolean =>
  error.kind === 'http_429' ||
  error.kind === 'http_503' ||
  ((error.kind === 'transport_error' || error.kind === 'timeout') && NOTHING_SENT.test(error.message));

/** Counts the retries sent by every transport of one agent (the apply summary's `+N retries`). */
export interface RetryCounter {
  sent: number;
  /**
   * Once aborted (the run's first Ctrl-C), no retry is sent nor waited for, as over HTTP
   * (`stopRetries`): QA168: a crashing agent's turns went on being retried up to the 30 s cap.
   */
  stop?: AbortSignal;
}

export function withTurnRetries(
  transport: MaeTransport,
  retries: number,
  counter: RetryCounter,
  random: () => number = Math.random,
  retried: (error: StepError) => boolean = transient,
): MaeTransport {
  if (retries <= 0) return transport;
  return {
    async send(body: Record<string, unknown>, options: SendOptions): Promise<TransportReply> {
      for (let retry = 0; ; retry++) {
        const reply = await transport.send(body, options);
        const stop = counter.stop;
        if (reply.ok || retry >= retries || options.signal.aborted || stop?.aborted || !retried(reply.error))
          return reply;
        const asked = reply.error.retryAfterMs;
        // as over HTTP: a wait asked past the cap is not waited for, and the message says it
        if (asked !== undefined && asked > RETRY_AFTER_CAP_MS)
          return {
            ok: false,
            error: { ...reply.error, message: `${reply.error.message}${waitPastCapNote(asked)}` },
          };
        const waitMs = retryDelayMs(reply.error, retry, random);
        options.log(
          `mae: ${reply.error.kind} (${reply.error.message}); retry ${retry + 1} of ${retries} in ${waitMs} ms`,
        );
        if (!(await sleep(waitMs, stop ? AbortSignal.any([options.signal, stop]) : options.signal)))
          return reply;
        counter.sent++;
      }
    },
    close: () => transport.close(),
  };
}

/** Resolves true after `ms`, false as soon as `signal` aborts (no retry is sent after a Ctrl-C). */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
