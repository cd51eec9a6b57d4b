/** What the HTTP transport (transport.ts) is given and returns: options, requests, replies. */

import type { StepError } from '../types.js';
import type { RateLimiter } from './rate-limiter.js';

export interface HttpTransportOptions {
  /** Per-attempt timeout (headers and body), ms. Default 60 000. */
  timeoutMs?: number;
  /** Retries after the first attempt for transient failures. Default 3. */
  retries?: number;
  /** Requests per second across all requests of this transport; unlimited when absent. */
  rps?: number;
  /**
   * Requests the `rps` bucket lets start at once (default 1: at least 1/rps apart). A caller that
   * spaces the first requests itself (apply's per-agent bucket) sets 2, so this bucket, which
   * also bounds retries and later turns, never adds a wait of its own to a spaced request — but
   * then sends reach `2 + rps × seconds` and, once a retry or a turn spent the spare token, every
   * spaced request waits inside its duration (QA27): prefer `limiter`.
   */
  rpsBurst?: number;
  /**
   * A bucket shared with the caller (instead of `rps`/`rpsBurst`): the caller `admit`s an
   * invocation outside its clock and the request's first attempt uses that token
   * (rate-limiter.ts); retries and requests nobody admitted take their own.
   */
  limiter?: RateLimiter;
  /** Largest accepted response body, bytes. Default 16 MiB. */
  maxResponseBytes?: number;
  /** Headers sent on every request; values are secrets (already resolved). */
  headers?: Record<string, string>;
  /**
   * More secrets masked in replies besides the header values, in the forms plan/secrets.ts gives
   * (`headerSecrets`, `referencedSecrets`): a `${env.X}` inside a longer header value, `serve.env`.
   * Read again when it grows: apply passes its run's list, which its later agents and judges join.
   */
  secrets?: readonly string[];
  /** Random source in [0,1) for backoff jitter; inject a seeded one for determinism. */
  random?: () => number;
  /** Connections per origin. Default 16. */
  connections?: number;
  /**
   * Once aborted (a run's first Ctrl-C), no retry starts: a request waiting out its backoff or
   * Retry-After ends `cancelled` at once. Attempts already sent still finish (their own signal).
   */
  stopRetries?: AbortSignal;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Narrows which retryable failures a request retries (e.g. only 429/503/timeouts). `reply` is what
 * arrived with the failure, if anything: its status and, when it was JSON, its parsed body (a
 * protocol's own error envelope, e.g. agent-eval's `{error: {code}}`, can then decide).
 */
export type RetryFilter = (error: StepError, reply?: { status?: number; body?: unknown }) => boolean;

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
  /**
   * `performance.now()` time after which no attempt runs (request-deadline.ts): each attempt's
   * timeout is cut to it and no retry waits past it.
   */
  deadlineAt?: number;
  /**
   * Called once a 2xx reply's body has been read in full, before it is decoded and parsed (such a
   * reply is final: neither retried nor followed). The parse then waits for the replies read in
   * the same turn, so the requests this frees go out first. A request with `failureIn2xx`, whose
   * 2xx may be retried, has it called after the parse, once `failureIn2xx` found no failure in
   * its 2xx (a `raip` invoke, QA347): a 2xx it finds one in gives the slot back on return. With a
   * `failureIn2xxMarker` such a 2xx whose bytes lack the marker is final as read: called before the
   * parse, and again after it (the callee is idempotent: an adapter's `releaseSlot`).
   */
  onReplyRead?: () => void;
  /**
   * Reads a 2xx reply (parsed, or an `invalid_json` one such as an SSE stream) the protocol's way
   * before the retry decision: an error a server sent inside its 200 (a mid-stream error event, a
   * gateway's `{"error": …}` body). A returned error with `retryable: true` makes that attempt a
   * transient failure, retried as a 5xx is (the budget, `retry` filter, backoff, its `retryAfterMs`,
   * `retriesSent`). When no retry follows, the last reply is returned as it came (the caller reads
   * it again); a Ctrl-C during the wait gives `cancelled`, as for any failure.
   */
  failureIn2xx?: (reply: Reply2xx) => StepError | undefined;
  /**
   * Text every 2xx that `failureIn2xx` can find a failure in holds in its bytes (`"error"` for a
   * `raip` invoke): a 2xx without it is final as it is read, and gives its slot on before the parse
   * (`onReplyRead`), as a request without `failureIn2xx` does; only one holding it waits for the parse
   * (or whose bytes may hide it: compressed, UTF-16, a `\u0065` escape of one of its letters,
   * failure-marker.ts, QA354). ASCII only.
   */
  failureIn2xxMarker?: string;
  /**
   * The caller reads a text/plain or NDJSON reply as its document (`http` agents): such a body not in
   * UTF-8, no charset named, is `invalid_json` naming the byte (QA258); to the others it is not JSON.
   */
  textReply?: boolean;
  /**
   * The caller reads one JSON reply, no event stream (`raip`, `chat`: the agent kind, as the hint names
   * it): a stream not in UTF-8 is hinted application/json, not text/event-stream (QA283).
   */
  noStream?: string;
}

/** A reply with a 2xx status, as `failureIn2xx` sees it (its attempts not yet counted). */
export type Reply2xx = JsonResponse extends infer R
  ? R extends unknown
    ? Omit<R, 'attempts'>
    : never
  : never;

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
