/**
 * The HTTP transport every HTTP protocol adapter (and the judge client) shares: one instance
 * per agent, one keep-alive undici `Pool` per origin (origin-pools.ts), per-attempt timeouts, a response size
 * limit, a token bucket for `rps`, and the retry policy (retry-policy.ts) applied inside.
 *
 * Failures are values with stable kinds: `timeout`, `transport_error`, `http_<code>`,
 * `invalid_json`, `response_too_large`, `cancelled`. Messages name the method and the URL
 * without its query string and never contain header values.
 *
 * Per-request costs are kept low (benchmarks/aggregate/transport.mjs): the body is
 * canonicalised once per request (not per attempt), URLs are parsed once per distinct URL, the
 * default header sets are built once, an attempt is cancelled through a light `AttemptSignal`
 * (attempt-signal.ts) rather than an AbortController, the reply is read from stream events, and
 * a reply is searched for the configured header values only when there are some, and walked
 * only when its text holds one (reply-redaction.ts).
 *
 * Secrets: what the transport returns — error messages, reply texts, parsed bodies and reply
 * headers — never holds a configured header value (a server echoing them gets `[redacted]`).
 */
import type { Readable } from 'node:stream';
import { wireJson } from '../canonical-json.js';
import type { StepError } from '../types.js';
import { sleepAbortable } from './abortable-sleep.js';
import { AttemptSignal, CallerSignals, untilAborted } from './attempt-signal.js';
import { attemptFromBody, decodeReply, type ReadReply } from './body-reply.js';
import { finalAsRead } from './failure-marker.js';
import {
  cancelledError,
  connectTimeoutWords,
  describeFailure,
  describeTarget,
  tooLarge,
  unframedBodyHint,
} from './failure-words.js';
import { describeUnsendableHeader, flattenHeaders, lowerCaseKeys } from './header-values.js';
import type { Attempt } from './interpret-reply.js';
import { servesOneConnectionAtATime } from './one-connection-server.js';
import { OriginPools } from './origin-pools.js';
import { RateLimiter } from './rate-limiter.js';
import { discardBody, readBoundedBytes } from './read-bounded-body.js';
import { decideRedirect, isRedirectStatus } from './redirect-policy.js';
import { ReplyRedaction } from './reply-redaction.js';
import { attemptTimeoutMs, retryPastDeadline } from './request-deadline.js';
import { RETRY_AFTER_CAP_MS, retryDelayMs, waitPastCapNote } from './retry-policy.js';
import type { HttpTransportOptions, JsonRequest, JsonResponse } from './transport-types.js';

export { describeFailure, describeTarget } from './failure-words.js';
export type {
  HttpMethod,
  HttpTransportOptions,
  JsonRequest,
  JsonResponse,
  Reply2xx,
  RetryFilter,
} from './transport-types.js';

const MIB = 1024 * 1024;

/** A request's body, canonicalised at its first attempt and reused by its retries. */
interface EncodedBody {
  done: boolean;
  payload: string | undefined;
}

/** Origin and path of a request URL; undefined when it does not parse. */
type Target = { origin: string; hostname: string; path: string } | undefined;
const MAX_TARGETS = 512;

function parseTarget(url: string): Target {
  try {
    const parsed = new URL(url);
    return { origin: parsed.origin, hostname: parsed.hostname, path: parsed.pathname + parsed.search };
  } catch {
    return undefined;
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class HttpTransport {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxResponseBytes: number;
  readonly #headers: Record<string, string>;
  readonly #redaction: ReplyRedaction;
  /** Why the configured headers cannot be sent (every request then fails, naming the header). */
  readonly #unsendable: string | undefined;
  readonly #random: () => number;
  readonly #limiter: RateLimiter | undefined;
  readonly #stopRetries: AbortSignal | undefined;
  readonly #pools: OriginPools;
  /** Header sets without / with a JSON body: `accept`, the configured headers, `content-type`. */
  readonly #plainHeaders: Readonly<Record<string, string>>;
  readonly #jsonHeaders: Readonly<Record<string, string>>;
  readonly #callers = new CallerSignals();
  /** Parsed targets by URL string (few distinct URLs per transport; bounded anyway). */
  readonly #targets = new Map<string, Target>();
  #closed = false;
  /** Retry attempts sent (after a transient failure), over all requests: the run summary counts them. */
  #retriesSent = 0;
  /** Attempts between sending and returning (decides whether a reply yields, see #attempt). */
  #active = 0;

  constructor(options: HttpTransportOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retries = options.retries ?? 3;
    this.maxResponseBytes = options.maxResponseBytes ?? 16 * MIB;
    this.#headers = lowerCaseKeys(options.headers ?? {});
    this.#redaction = new ReplyRedaction(this.#headers, options.secrets);
    this.#unsendable = describeUnsendableHeader(this.#headers);
    this.#random = options.random ?? Math.random;
    this.#limiter =
      options.limiter ??
      (options.rps === undefined
        ? undefined
        : new RateLimiter(options.rps, () => performance.now(), options.rpsBurst ?? 1));
    this.#pools = new OriginPools(options.connections ?? 16, this.timeoutMs);
    this.#stopRetries = options.stopRetries;
    this.#plainHeaders = Object.freeze({ accept: 'application/json', ...this.#headers });
    this.#jsonHeaders = Object.freeze({ ...this.#plainHeaders, 'content-type': 'application/json' });
  }

  /** Retry attempts this transport has sent so far (first attempts not counted). */
  get retriesSent(): number {
    return this.#retriesSent;
  }

  /** Sends one JSON request, retrying transient failures per the policy. Never throws for I/O. */
  async requestJson(request: JsonRequest): Promise<JsonResponse> {
    const { signal } = request;
    const maxRetries = request.retry === false ? 0 : this.retries;
    const encoded: EncodedBody = { done: false, payload: undefined };
    let waitSignal = signal;
    for (let attempt = 1; ; attempt++) {
      if (
        this.#limiter &&
        !(await (attempt === 1
          ? this.#limiter.acquireFirstAttempt(waitSignal)
          : this.#limiter.acquire(waitSignal, true)))
      )
        return this.#cancelled(request, attempt - 1);
      if (attempt > 1) this.#retriesSent++;
      const sent =
        request.deadlineAt === undefined
          ? request
          : {
              ...request,
              timeoutMs: attemptTimeoutMs(request.timeoutMs ?? this.timeoutMs, request.deadlineAt),
            };
      let result = await this.#attempt(sent, encoded);
      if (!result.ok && result.status !== undefined && isRedirectStatus(result.status))
        result = await this.#followRedirects(sent, encoded, result);
      // an error sent inside a 2xx (failureIn2xx) is retried as a 5xx is; the reply, as it came, is
      // what the caller gets when no retry follows (QA214)
      const inside = failureInside(request, result);
      // a 2xx `failureIn2xx` found nothing in is final: its slot is given on now, after the parse
      // (a second call when it was given on as read, no failure marker in its bytes: idempotent)
      if (inside === undefined && request.failureIn2xx !== undefined && isSuccess(result.status))
        request.onReplyRead?.();
      let failure: Extract<Attempt, { ok: false }>;
      if (inside !== undefined) failure = { ...result, ok: false, error: inside };
      else if (result.ok) return withAttempts(result, attempt);
      else failure = result;
      const { error } = failure;
      const accepted = typeof request.retry === 'function' ? request.retry(error, failure) : true;
      if (error.kind === 'cancelled' || !error.retryable || !accepted || attempt > maxRetries) {
        return { ...result, attempts: attempt };
      }
      if (error.retryAfterMs !== undefined && error.retryAfterMs > RETRY_AFTER_CAP_MS) {
        // A server that asks for more than evalc waits (a quota reset in an hour) is not retried
        // at all: waiting the cap and asking again only fails later (the next apply retries it).
        // One inside a 2xx is returned as it came: its adapter says the wait (QA215).
        if (inside !== undefined) return { ...result, attempts: attempt };
        const message = `${error.message}${waitPastCapNote(error.retryAfterMs)}`;
        return { ...failure, error: { ...error, message }, attempts: attempt };
      }
      if (attempt === 1 && this.#stopRetries)
        waitSignal = signal ? AbortSignal.any([signal, this.#stopRetries]) : this.#stopRetries;
      const delay = retryDelayMs(error, attempt - 1, this.#random);
      const late = retryPastDeadline(error, delay, request.deadlineAt);
      if (late)
        return inside === undefined
          ? { ...failure, error: late, attempts: attempt }
          : { ...result, attempts: attempt };
      if (!(await sleepAbortable(delay, waitSignal))) return this.#cancelled(request, attempt);
    }
  }

  /**
   * The rest of an attempt whose reply was a redirect: the redirects redirect-policy.ts allows are
   * followed (they are hops, not retries).
   */
  async #followRedirects(request: JsonRequest, encoded: EncodedBody, first: Attempt): Promise<Attempt> {
    let current = request;
    let result = first;
    for (let hop = 0; ; hop++) {
      if (result.ok || result.status === undefined || !isRedirectStatus(result.status)) return result;
      const decision = decideRedirect(
        current.method,
        current.url,
        result.status,
        result.headers?.location,
        hop,
      );
      if (!decision.follow)
        return {
          ...result,
          error: { ...result.error, message: `${result.error.message} (${decision.why})` },
        };
      current = { ...current, url: decision.url };
      result = await this.#attempt(current, encoded);
    }
  }

  /** Destroys every pool. Idempotent; later requests fail with `transport_error`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pools.destroyAll();
  }

  /** Replaces every configured header value (in the forms a server may quote it) with `[redacted]`. */
  redact(text: string): string {
    return this.#redaction.text(text);
  }

  async #attempt(request: JsonRequest, encoded: EncodedBody): Promise<Attempt> {
    const where = (): string => describeTarget(request.method, request.url);
    const caller = request.signal;
    if (caller?.aborted) return { ok: false, error: cancelledError(where()) };
    if (this.#closed)
      return { ok: false, error: { kind: 'transport_error', message: `${where()}: transport closed` } };
    // Not retryable, and not a definitive answer either: fixing the variable must take effect on
    // the next apply (headers are never in a content key), so it is a transport failure.
    if (this.#unsendable !== undefined)
      return {
        ok: false,
        error: { kind: 'transport_error', message: `${where()}: ${this.#unsendable}`, retryable: false },
      };
    const target = this.#targetOf(request.url);
    if (target === undefined) {
      return { ok: false, error: { kind: 'transport_error', message: `invalid URL for ${request.method}` } };
    }
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    if (!encoded.done) {
      encoded.payload = request.body === undefined ? undefined : wireJson(request.body);
      encoded.done = true;
    }
    const payload = encoded.payload;
    let headers = payload === undefined ? this.#plainHeaders : this.#jsonHeaders;
    if (request.headers !== undefined) headers = { ...headers, ...lowerCaseKeys(request.headers) };
    // One light signal, aborted by our timer or by the caller's signal (one shared listener per
    // caller signal, removed in `finally` with the last attempt using it).
    const signal = new AttemptSignal();
    const pool = this.#pools.poolFor(target.origin);
    // Whether a connection to the origin was open when the timer fired: none is a connect or a TLS
    // handshake nothing answered, said as a dataset's connect timeout is (QA323); read before the
    // abort, which closes the socket of a request it ends.
    let opened = true;
    const handle = setTimeout(() => {
      opened = pool.stats.connected > 0;
      signal.abort('timeout', undefined);
    }, timeoutMs);
    if (caller) this.#callers.link(caller, signal);
    this.#active += 1;
    // The status line and headers arrived (a timeout after it is a body that did not end).
    let headersStatus: number | undefined;
    let bodyEnd = '';
    try {
      const pending = pool.request({
        path: target.path,
        method: request.method,
        headers,
        body: payload ?? null,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        reset: this.#pools.closesEach(target.origin),
      });
      // The timeout covers the connect too (untilAborted).
      const response = await untilAborted(pending, signal);
      const status = response.statusCode;
      headersStatus = status;
      const replyHeaders = flattenHeaders(response.headers);
      bodyEnd = unframedBodyHint(replyHeaders);
      if (!this.#pools.closesEach(target.origin) && servesOneConnectionAtATime(replyHeaders.server))
        this.#pools.retire(target.origin);
      const body = response.body as unknown as Readable;
      const declared = Number(replyHeaders['content-length']);
      if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
        discardBody(body);
        return { ok: false, error: tooLarge(where(), this.maxResponseBytes), status, headers: replyHeaders };
      }
      const read = await readBoundedBytes(body, this.maxResponseBytes);
      if (!read.ok)
        return { ok: false, error: tooLarge(where(), this.maxResponseBytes), status, headers: replyHeaders };
      // A final 2xx gives its caller's slot on before it is parsed (onReplyRead); one a
      // `failureIn2xx` may retry is not known final yet, unless its bytes lack the marker every
      // such failure holds (a raip reply without `"error"`: the slot is not held over the parse).
      const onReplyRead =
        status >= 200 && status < 300 && finalAsRead(request, read.bytes, replyHeaders)
          ? request.onReplyRead
          : undefined;
      if (onReplyRead) {
        onReplyRead();
        await yieldToIo();
      }
      const reply: ReadReply = {
        status,
        headers: replyHeaders,
        where,
        redaction: this.#redaction,
        textReply: request.textReply === true,
        noStream: request.noStream,
        maxResponseBytes: this.maxResponseBytes,
      };
      const decoded = decodeReply(read.bytes, reply);
      // The pool marks this connection free only after the body's end has been processed; a
      // request sent in the same tick would open another connection, which a single-threaded
      // keep-alive agent (Python's http.server with HTTP/1.1) serves only once the idle one
      // times out — 4 s per request. When this is the only request in flight (a sequential
      // caller, e.g. an action loop at concurrency 1), one macrotask lets the next request
      // reuse the connection; busy transports skip it (their other requests keep it warm).
      if (!onReplyRead && this.#active === 1) await yieldToIo();
      return attemptFromBody(read.bytes, decoded, reply);
    } catch (cause) {
      if (caller?.aborted) return { ok: false, error: cancelledError(where()) };
      const code = (cause as { code?: unknown }).code;
      if (signal.cause === 'timeout' || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
        if (headersStatus === undefined && (code === 'UND_ERR_CONNECT_TIMEOUT' || !opened))
          return {
            ok: false,
            error: {
              kind: 'timeout',
              message: `${where()}: ${connectTimeoutWords(timeoutMs)}`,
              retryable: true,
            },
          };
        return {
          ok: false,
          error: {
            kind: 'timeout',
            message:
              headersStatus === undefined
                ? `${where()}: no reply within ${timeoutMs} ms`
                : `${where()}: reply not complete within ${timeoutMs} ms (status ${headersStatus} and headers arrived; the body did not end${bodyEnd})`,
            retryable: true,
          },
        };
      }
      const reason = describeFailure(cause, code, target.hostname);
      return {
        ok: false,
        error: { kind: 'transport_error', message: `${where()}: ${reason}`, retryable: true },
      };
    } finally {
      clearTimeout(handle);
      this.#active -= 1;
      if (caller) this.#callers.unlink(caller, signal);
    }
  }

  #targetOf(url: string): Target {
    if (this.#targets.has(url)) return this.#targets.get(url);
    const target = parseTarget(url);
    if (this.#targets.size >= MAX_TARGETS) this.#targets.clear();
    this.#targets.set(url, target);
    return target;
  }

  #cancelled(request: JsonRequest, attempts: number): JsonResponse {
    return { ok: false, error: cancelledError(describeTarget(request.method, request.url)), attempts };
  }
}

/** The transient failure a 2xx reply carries inside, by the request's `failureIn2xx`; else undefined. */
function failureInside(request: JsonRequest, result: Attempt): StepError | undefined {
  if (request.failureIn2xx === undefined || result.status === undefined) return undefined;
  if (result.status < 200 || result.status >= 300) return undefined;
  const error = request.failureIn2xx(result);
  return error?.retryable === true ? error : undefined;
}

function isSuccess(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}

/** The attempt as the caller's reply, with how many attempts it took (set on the attempt's own object: no copy). */
function withAttempts(result: Attempt, attempts: number): JsonResponse {
  const response = result as JsonResponse;
  response.attempts = attempts;
  return response;
}

function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
