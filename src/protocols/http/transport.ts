/**
 * The HTTP transport every HTTP protocol adapter (and the judge client) shares: one instance
 * per agent, one keep-alive undici `Pool` per origin, per-attempt timeouts, a response size
 * limit, a token bucket for `rps`, and the retry policy (retry-policy.ts) applied inside.
 *
 * Failures are values with stable kinds: `timeout`, `transport_error`, `http_<code>`,
 * `invalid_json`, `response_too_large`, `cancelled`. Messages name the method and the URL
 * without its query string and never contain header values.
 */
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import { canonicalJson } from '../canonical-json.js';
import type { StepError } from '../types.js';
import { sleepAbortable } from './abortable-sleep.js';
import { RateLimiter } from './rate-limiter.js';
import { discardBody, readBoundedBody } from './read-bounded-body.js';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry-policy.js';

export interface HttpTransportOptions {
  /** Per-attempt timeout (headers and body), ms. Default 60 000. */
  timeoutMs?: number;
  /** Retries after the first attempt for transient failures. Default 3. */
  retries?: number;
  /** Requests per second across all requests of this transport; unlimited when absent. */
  rps?: number;
  /** Largest accepted response body, bytes. Default 16 MiB. */
  maxResponseBytes?: number;
  /** Headers sent on every request; values are secrets (already resolved). */
  headers?: Record<string, string>;
  /** Random source in [0,1) for backoff jitter; inject a seeded one for determinism. */
  random?: () => number;
  /** Connections per origin. Default 16. */
  connections?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Narrows which retryable failures a request retries (e.g. only 429/503/timeouts). */
export type RetryFilter = (error: StepError) => boolean;

export interface JsonRequest {
  method: HttpMethod;
  url: string;
  /** Sent as RFC 8785 canonical JSON (identical bytes for identical values). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** `false`: a single attempt; a filter: retry only the retryable failures it accepts. */
  retry?: false | RetryFilter;
  /** Overrides the transport's per-attempt timeout for this request. */
  timeoutMs?: number;
}

export type JsonResponse =
  | {
      ok: true;
      status: number;
      headers: Record<string, string>;
      body: unknown;
      text: string;
      attempts: number;
    }
  | {
      ok: false;
      error: StepError;
      status?: number;
      headers?: Record<string, string>;
      /** The reply body text (secrets redacted), when a reply arrived. */
      text?: string;
      /** The parsed reply body when it was JSON (e.g. RAIP `ajvErrors`). */
      body?: unknown;
      attempts: number;
    };

/** One attempt's result, before the attempt count is attached. */
type Attempt = JsonResponse extends infer R ? (R extends unknown ? Omit<R, 'attempts'> : never) : never;

const MIB = 1024 * 1024;
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class HttpTransport {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxResponseBytes: number;
  readonly #headers: Record<string, string>;
  readonly #secrets: string[];
  readonly #random: () => number;
  readonly #limiter: RateLimiter | undefined;
  readonly #connections: number;
  readonly #pools = new Map<string, Pool>();
  #closed = false;

  constructor(options: HttpTransportOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retries = options.retries ?? 3;
    this.maxResponseBytes = options.maxResponseBytes ?? 16 * MIB;
    this.#headers = lowerCaseKeys(options.headers ?? {});
    this.#secrets = Object.values(this.#headers)
      .filter((value) => value.length >= 4)
      .sort((a, b) => b.length - a.length);
    this.#random = options.random ?? Math.random;
    this.#limiter = options.rps === undefined ? undefined : new RateLimiter(options.rps);
    this.#connections = options.connections ?? 16;
  }

  /** Sends one JSON request, retrying transient failures per the policy. Never throws for I/O. */
  async requestJson(request: JsonRequest): Promise<JsonResponse> {
    const { signal } = request;
    const maxRetries = request.retry === false ? 0 : this.retries;
    for (let attempt = 1; ; attempt++) {
      if (this.#limiter && !(await this.#limiter.acquire(signal)))
        return this.#cancelled(request, attempt - 1);
      const result = await this.#attempt(request);
      if (result.ok) return { ...result, attempts: attempt };
      const { error } = result;
      const accepted = typeof request.retry === 'function' ? request.retry(error) : true;
      if (error.kind === 'cancelled' || !error.retryable || !accepted || attempt > maxRetries) {
        return { ...result, attempts: attempt };
      }
      const delay = retryDelayMs(error, attempt - 1, this.#random);
      if (!(await sleepAbortable(delay, signal))) return this.#cancelled(request, attempt);
    }
  }

  /** Destroys every pool. Idempotent; later requests fail with `transport_error`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy().catch(() => undefined)));
  }

  /** Replaces every configured secret header value in `text` with `[redacted]`. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.split(secret).join('[redacted]');
    return out;
  }

  async #attempt(request: JsonRequest): Promise<Attempt> {
    const where = describeTarget(request.method, request.url);
    if (request.signal?.aborted) return { ok: false, error: cancelledError(where) };
    if (this.#closed)
      return { ok: false, error: { kind: 'transport_error', message: `${where}: transport closed` } };
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { ok: false, error: { kind: 'transport_error', message: `invalid URL for ${request.method}` } };
    }
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    // One controller aborted by our timer or the caller's signal (a listener removed in
    // `finally`, so a run-wide signal does not accumulate listeners across requests).
    const attempt = new AbortController();
    let timedOut = false;
    const handle = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, timeoutMs);
    const forwardAbort = (): void => attempt.abort();
    request.signal?.addEventListener('abort', forwardAbort, { once: true });
    const signal = attempt.signal;
    const headers: Record<string, string> = { accept: 'application/json', ...this.#headers };
    let payload: string | undefined;
    if (request.body !== undefined) {
      payload = canonicalJson(request.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, lowerCaseKeys(request.headers ?? {}));
    try {
      const response = await this.#poolFor(url.origin).request({
        path: url.pathname + url.search,
        method: request.method,
        headers,
        body: payload ?? null,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const status = response.statusCode;
      const replyHeaders = flattenHeaders(response.headers);
      const body = response.body as unknown as Readable;
      const declared = Number(replyHeaders['content-length']);
      if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
        discardBody(body);
        return { ok: false, error: tooLarge(where, this.maxResponseBytes), status, headers: replyHeaders };
      }
      const read = await readBoundedBody(body, this.maxResponseBytes);
      if (!read.ok)
        return { ok: false, error: tooLarge(where, this.maxResponseBytes), status, headers: replyHeaders };
      return this.#interpret(where, status, replyHeaders, read.text);
    } catch (cause) {
      if (request.signal?.aborted) return { ok: false, error: cancelledError(where) };
      const code = (cause as { code?: unknown }).code;
      if (timedOut || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
        return {
          ok: false,
          error: { kind: 'timeout', message: `${where}: no reply within ${timeoutMs} ms`, retryable: true },
        };
      }
      const reason = typeof code === 'string' ? code : cause instanceof Error ? cause.name : 'unknown error';
      return {
        ok: false,
        error: { kind: 'transport_error', message: `${where}: ${reason}`, retryable: true },
      };
    } finally {
      clearTimeout(handle);
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  #interpret(where: string, status: number, headers: Record<string, string>, rawText: string): Attempt {
    const text = this.redact(rawText);
    if (
      status === 304 ||
      status === 204 ||
      (status >= 200 && status < 300 && rawText === '' && status !== 200)
    ) {
      return { ok: true, status, headers, body: null, text };
    }
    if (status >= 200 && status < 300) {
      const parsed = parseJson(rawText);
      if (!parsed.ok) {
        return {
          ok: false,
          error: { kind: 'invalid_json', message: `${where}: reply is not JSON`, retryable: false },
          status,
          headers,
          text,
        };
      }
      return { ok: true, status, headers, body: parsed.value, text: rawText };
    }
    const errorBody = parseJson(text);
    const error: StepError = {
      kind: `http_${status}`,
      message: `${where}: HTTP ${status}`,
      retryable: isRetryableStatus(status),
    };
    if (status === 429 || status === 503) {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], Date.now());
      if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
    }
    return errorBody.ok
      ? { ok: false, error, status, headers, text, body: errorBody.value }
      : { ok: false, error, status, headers, text };
  }

  #poolFor(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.#connections,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        keepAliveTimeout: 4_000,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  #cancelled(request: JsonRequest, attempts: number): JsonResponse {
    return { ok: false, error: cancelledError(describeTarget(request.method, request.url)), attempts };
  }
}

function cancelledError(where: string): StepError {
  return { kind: 'cancelled', message: `${where}: cancelled`, retryable: false };
}

function tooLarge(where: string, limit: number): StepError {
  return { kind: 'response_too_large', message: `${where}: reply exceeds ${limit} bytes`, retryable: false };
}

/** `METHOD origin/path` without query string or credentials. */
export function describeTarget(method: string, url: string): string {
  try {
    const parsed = new URL(url);
    return `${method} ${parsed.origin}${parsed.pathname}`;
  } catch {
    return `${method} <invalid url>`;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
