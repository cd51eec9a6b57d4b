/**
 * `sse` transport (AgentV `sse_http_adapter`, mae.md §1.3): `POST {url}` (the URL as given, no
 * `/execute_task` appended) with the JSON body (RFC 8785 bytes) and `Accept: text/event-stream`;
 * the `text/event-stream` reply is folded into one reply object by sse-merge.ts, ending at
 * `data: [DONE]` or EOF. One request per turn, no retries (AgentV parity) unless `limits.retries`
 * is set, then a 429/503 status (with the wait it asks) or a connection that reached no server only
 * (turn-retry.ts `BEFORE_STREAM`, QA260, QA273, QA281).
 *
 * - Timeout: total per call (request, headers and the whole stream) → `timeout`.
 * - Status ≥ 400 → `http_<code>` (what the agent said quoted, redacted, one line: `{"error": …}`,
 *   FastAPI's `detail` / 422 list, an HTML error page's text).
 * - Reply larger than `maxResponseBytes` (default 16 MiB) → `response_too_large`.
 * - Aborted signal → `cancelled`; connection failures → `transport_error` (retryable).
 * - A 2xx reply whose Content-Type is not `text/event-stream` is still read as a stream (AgentV
 *   does not check it), with a `content_type` compatibility warning.
 * - An event whose `data:` lines form one JSON object only when joined (sse-merge.ts) is read as
 *   that object, with an `sse_multiline_data` compatibility warning.
 * - A `Content-Encoding` is undone as the stream arrives (sse-decode.ts); 307/308 on the same
 *   host are followed (the HTTP transport's redirect-policy.ts; AgentV's requests follows them),
 *   a redirect not followed names its Location (QA9).
 * Uses its own undici `Agent` (the shared `HttpTransport` only speaks JSON); headers are the
 * plan's resolved headers plus the per-request ones (`traceparent`).
 */
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher, request } from 'undici';
import { parseBoundedJson } from '../bounded-json.js';
import { wireJson } from '../canonical-json.js';
import { declaredStreamEncoding, notUtf8Message } from '../http/decode-body.js';
import { connectTimeoutWords } from '../http/failure-words.js';
import { flattenHeaders } from '../http/header-values.js';
import { continueTolerantConnector } from '../http/interim-continue.js';
import { askedWaitMs } from '../http/interpret-reply.js';
import { discardBody, readBoundedBody } from '../http/read-bounded-body.js';
import { decideRedirect, isRedirectStatus } from '../http/redirect-policy.js';
import { ReplyRedaction } from '../http/reply-redaction.js';
import { isRetryableStatus } from '../http/retry-policy.js';
import { serverSaid } from '../http/server-said.js';
import { describeFailure, describeTarget } from '../http/transport.js';
import type { StepError } from '../types.js';
import { maeProfileHint } from './profile-hint.js';
import type { MaeProfileId } from './profiles.js';
import { decodeStream, StreamText } from './sse-decode.js';
import { SseMerger } from './sse-merge.js';
import {
  cancelledReply,
  type MaeTransport,
  NUMBER_PRECISION_WARNING,
  type SendOptions,
  type TransportReply,
  timeoutReply,
} from './transport.js';
import type { NotUtf8Byte } from './utf8-text.js';

export interface MaeSseOptions {
  url: string;
  timeoutMs: number;
  /** Resolved plan headers (secret values). */
  headers: Record<string, string>;
  /** Largest accepted reply, bytes. Default 16 MiB. */
  maxResponseBytes?: number;
  /** The body's profile: a 400/422 refusing the other profile's fields says so (QA144). */
  profile?: MaeProfileId;
}

const MIB = 1024 * 1024;
const ERROR_BODY_BYTES = 64 * 1024;
type StreamEnd =
  | {
      ok: true;
      reply: Record<string, unknown>;
      joinedEvents: number;
      unsafeInteger: boolean;
      notUtf8?: string;
    }
  | { ok: false; tooLarge: true };

export class MaeSseTransport implements MaeTransport {
  readonly #options: MaeSseOptions;
  readonly #where: string;
  readonly #headers: Record<string, string>;
  /** The headers' secrets in every spelling a reply quotes them in (the shared transport's). */
  readonly #redaction: ReplyRedaction;
  readonly #maxBytes: number;
  /** Its sockets read past an unsolicited 100 Continue; connects give up after undici's default 10 s. */
  /**
   * Its connects give up at limits.timeout, as the HTTP transport's do (QA323: undici's 10 s held a
   * handshake nothing answered open past a shorter timeout, and the run's exit waited for it).
   */
  readonly #agent: Agent;

  /** Whether a connection to `url`'s origin is open (else a connect or TLS handshake is pending). */
  #connectedTo(url: string): boolean {
    const origin = URL.canParse(url) ? new URL(url).origin : '';
    const stats = (this.#agent.stats as Record<string, { connected?: number } | undefined>)[origin];
    return (stats?.connected ?? 0) > 0;
  }
  #closed = false;

  constructor(options: MaeSseOptions) {
    this.#options = options;
    this.#agent = new Agent({
      keepAliveTimeout: 4_000,
      connect: continueTolerantConnector(options.timeoutMs),
    });
    this.#where = describeTarget('POST', options.url);
    this.#headers = Object.fromEntries(Object.entries(options.headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.#redaction = new ReplyRedaction(this.#headers);
    this.#maxBytes = options.maxResponseBytes ?? 16 * MIB;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#agent.destroy().catch(() => undefined);
  }

  async send(body: Record<string, unknown>, { signal, headers }: SendOptions): Promise<TransportReply> {
    const where = this.#where;
    if (signal.aborted) return cancelledReply(where);
    if (this.#closed) return failure({ kind: 'transport_error', message: `${where}: transport closed` });
    const { timeoutMs } = this.#options;
    const call = new AbortController();
    let timedOut = false;
    // no connection to the agent open when the timer fired: said as http says it (QA323)
    let opened = true;
    const timer = setTimeout(() => {
      timedOut = true;
      opened = this.#connectedTo(url);
      call.abort();
    }, timeoutMs);
    const forwardAbort = (): void => call.abort();
    signal.addEventListener('abort', forwardAbort, { once: true });
    let corrupt: (() => string | undefined) | undefined;
    let url = this.#options.url;
    try {
      const payload = wireJson(body);
      let response: Dispatcher.ResponseData;
      for (let hop = 0; ; hop++) {
        // limits.timeout covers the connect too: undici's request waits out its own 10 s connect
        // timeout after an abort, so a TLS handshake nothing answered held the turn 10 s (QA323)
        response = await settledOrAborted(
          request(url, {
            dispatcher: this.#agent,
            method: 'POST',
            headers: {
              ...this.#headers,
              accept: 'text/event-stream',
              'content-type': 'application/json',
              ...(headers ?? {}),
            },
            body: payload,
            signal: call.signal,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          }),
          call.signal,
        );
        if (!isRedirectStatus(response.statusCode)) break;
        const location = headerText(response.headers.location);
        const decision = decideRedirect('POST', url, response.statusCode, location || undefined, hop);
        discardBody(response.body as unknown as Readable);
        if (!decision.follow) {
          const status = response.statusCode;
          const message = `${describeTarget('POST', url)}: HTTP ${status} (${decision.why})`;
          return failure({ kind: `http_${status}`, message, retryable: false });
        }
        url = decision.url;
      }
      const raw = response.body as unknown as Readable;
      if (response.statusCode >= 300)
        return await this.#httpError(response.statusCode, raw, flattenHeaders(response.headers));
      const type = headerText(response.headers['content-type']);
      const warnings = /^\s*text\/event-stream\b/i.test(type) ? [] : ['content_type'];
      // Content-Encoding sent on two lines is one list, as the HTTP transport joins it (QA259: the
      // first line alone was undone, `gzip` twice read 'reply is not UTF-8 (byte 0x8b)').
      const encoding = flattenHeaders(response.headers)['content-encoding'] ?? '';
      const decoded = decodeStream(raw, encoding);
      if (decoded === undefined) {
        discardBody(raw);
        return failure({
          kind: 'invalid_json',
          message: `${where}: evalc cannot undo Content-Encoding ${encoding}`,
        });
      }
      const stream = decoded.stream;
      corrupt = decoded.corrupt;
      const end = await readEventStream(stream, this.#maxBytes, type);
      if (stream !== raw && !raw.readableEnded) discardBody(raw); // [DONE] before the raw end
      if (!end.ok) {
        return failure({
          kind: 'response_too_large',
          message: `${where}: reply exceeds ${this.#maxBytes} bytes`,
        });
      }
      // QA24: an event whose data lines form one JSON object only when joined (sse-starlette and
      // `json.dumps(obj, indent=2)`) was read so; AgentV would have failed it
      // an event stream is UTF-8 (WHATWG) unless it names its charset: a Latin-1 `é` is no U+FFFD
      // to keep (QA244), worded as a JSON reply's (QA260)
      if (end.notUtf8 !== undefined)
        return failure({ kind: 'invalid_json', message: `${where}: ${end.notUtf8}` });
      if (end.joinedEvents > 0) warnings.push('sse_multiline_data');
      if (end.unsafeInteger) warnings.push(NUMBER_PRECISION_WARNING);
      return { ok: true, reply: end.reply, warnings };
    } catch (cause) {
      if (signal.aborted) return cancelledReply(where);
      if (timedOut) return opened ? timeoutReply(where, timeoutMs) : connectTimeoutReply(where, timeoutMs);
      // as the HTTP transport names it (decode-body.ts): it was transport_error 'Z_DATA_ERROR' (QA255)
      const unreadable = corrupt?.();
      if (unreadable !== undefined)
        return failure({ kind: 'invalid_json', message: `${where}: reply is not readable (${unreadable})` });
      const code = (cause as { code?: unknown }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
        return timeoutReply(where, timeoutMs);
      if (code === 'UND_ERR_CONNECT_TIMEOUT') return connectTimeoutReply(where, timeoutMs);
      // a refused `localhost` names the addresses it resolved to, as over `http` (QA281, QA63)
      const reason = describeFailure(cause, code, URL.canParse(url) ? new URL(url).hostname : undefined);
      return failure({ kind: 'transport_error', message: `${where}: ${reason}`, retryable: true });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', forwardAbort);
    }
  }

  async #httpError(
    status: number,
    stream: Readable,
    headers: Record<string, string>,
  ): Promise<TransportReply> {
    const error: StepError = {
      kind: `http_${status}`,
      message: `${this.#where}: HTTP ${status}`,
      retryable: isRetryableStatus(status),
    };
    // the wait a 429/503 asks (Retry-After, retry-after-ms, a 429's rate-limit reset), read as over HTTP
    const retryAfterMs = askedWaitMs(status, headers);
    if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
    const read = await readBoundedBody(stream, ERROR_BODY_BYTES);
    if (!read.ok) return failure(error);
    // What the agent said: `{"error": …}`, FastAPI's `detail` (its 422 list), an HTML page's text.
    // masked before what the server said is cut to 200 characters: masked after, a secret the
    // cut ran through kept its head (QA190: 'HTTP 403: xxx… sk-live-0123456789a'); and in every
    // spelling (the token after `Bearer`, JSON- and percent-encoded), as the shared transport does
    const text = this.#redaction.text(read.text);
    const parsed = parseBoundedJson(text);
    const said = serverSaid(parsed.ok ? parsed.value : undefined, text);
    const hint =
      this.#options.profile === undefined || !parsed.ok
        ? ''
        : maeProfileHint(this.#options.profile, status, parsed.value);
    return failure(said === '' ? error : { ...error, message: `${error.message}: ${said}${hint}` });
  }
}

/**
 * Reads lines until `[DONE]` or EOF; stops (destroying the stream) past `maxBytes`. The text is in
 * the charset `contentType` declares, as a JSON reply's (QA260: a declared iso-8859-1 failed as not
 * UTF-8 where an openai stream read it), else UTF-8; a byte order mark wins over both (QA265).
 */
async function readEventStream(stream: Readable, maxBytes: number, contentType: string): Promise<StreamEnd> {
  const merger = new SseMerger();
  const encoding = declaredStreamEncoding(contentType);
  const utf8 = new StreamText(encoding);
  let bad: NotUtf8Byte | undefined;
  const end = (): StreamEnd => ({
    ok: true,
    reply: merger.result(),
    joinedEvents: merger.joinedEvents,
    // an integer beyond 2^53 in an event's JSON data, read rounded: said as over http, local and socket (QA308)
    unsafeInteger: merger.unsafeInteger,
    ...(bad === undefined
      ? {}
      : { notUtf8: notUtf8Message(bad.byte, bad.at, contentType, { utf8Bom: false, stream: true }) }),
  });
  let pending = '';
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) {
      discardBody(stream);
      return { ok: false, tooLarge: true };
    }
    pending += utf8.write(buffer);
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      bad ??= utf8.takeByte(line);
      if (merger.pushLine(line) === 'done') {
        discardBody(stream);
        return end();
      }
      newline = pending.indexOf('\n');
    }
  }
  pending += utf8.end();
  if (pending !== '') {
    bad ??= utf8.takeByte(pending);
    merger.pushLine(pending);
  }
  return end();
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function failure(error: StepError): TransportReply {
  return { ok: false, error };
}

/**
 * A turn whose connection never opened (a connect or a TLS handshake nothing answered), in the
 * words a dataset and an http agent use; a `timeout`, and nothing was sent (turn-retry.ts, QA323).
 */
function connectTimeoutReply(where: string, ms: number): TransportReply {
  return failure({ kind: 'timeout', message: `${where}: ${connectTimeoutWords(ms)}`, retryable: true });
}

/** The request's response, or a rejection as soon as `signal` aborts (a late response is dropped). */
function settledOrAborted(
  pending: Promise<Dispatcher.ResponseData>,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  const drop = (): void => {
    pending.then(
      (late) => discardBody(late.body as unknown as Readable),
      () => undefined,
    );
  };
  if (signal.aborted) {
    drop();
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      drop();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (response) => {
        signal.removeEventListener('abort', onAbort);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
