/**
 * `http` transport (both profiles): `POST {url}/execute_task` with the JSON body, one JSON
 * reply. Uses the shared `HttpTransport` (pooling, timeouts, size limit, retries).
 *
 * - A 2xx reply is parsed as JSON whatever its Content-Type; when the type is not JSON the reply
 *   carries a `content_type` compatibility warning (AgentV's aiohttp would reject it). An event stream
 *   is not read (`transport: sse` reads one): one not in UTF-8 is hinted application/json.
 * - Status ≥ 400 fails with `http_<code>`; what the agent said (redacted, one line, ≤ 200
 *   characters: `{"error": "…"}`, FastAPI's `detail` / 422 list, an HTML error page's text) is
 *   quoted in the message.
 * - No retries (AgentV parity) unless the plan sets `limits.retries`.
 * - `url` may be the base (`http://h:5001`) or already end in `/execute_task`; a query string
 *   stays after the path (`http://h:5001/api?key=1` → `…/api/execute_task?key=1`).
 * - Per-request headers from `SendOptions` (the `traceparent` of trace context) are added.
 * - A 400/422 that refuses the other profile's body fields names that profile (profile-hint.ts).
 */
import { emptyReplyError } from '../http/empty-reply.js';
import { errorWithServerSaid } from '../http/server-said.js';
import type { HttpTransport } from '../http/transport.js';
import { pythonReprHint } from '../python-repr.js';
import { firstUnsafeInteger } from '../unsafe-integer.js';
import { maeProfileHint } from './profile-hint.js';
import type { MaeProfileId } from './profiles.js';
import {
  type MaeTransport,
  NUMBER_PRECISION_WARNING,
  type SendOptions,
  type TransportReply,
} from './transport.js';

/** The agent kind the charset hint of a stream not in UTF-8 names (JsonRequest.noStream). */
const NO_STREAM = 'a mae http agent';

export interface MaeHttpOptions {
  url: string;
  client: HttpTransport;
  timeoutMs: number;
  retry: boolean;
  /** Close the client with the adapter (when the adapter created it). */
  ownsClient: boolean;
  /** The body's profile: a 400/422 refusing the other profile's fields says so (QA144). */
  profile?: MaeProfileId;
}

export function executeTaskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const base = url.replace(/\/+$/, '');
    return base.endsWith('/execute_task') ? base : `${base}/execute_task`;
  }
  // The path gets `/execute_task`; a query string (`?key=…`) stays after it.
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith('/execute_task') ? path : `${path}/execute_task`;
  return parsed.toString();
}

export class MaeHttpTransport implements MaeTransport {
  readonly #options: MaeHttpOptions;
  readonly #url: string;

  constructor(options: MaeHttpOptions) {
    this.#options = options;
    this.#url = executeTaskUrl(options.url);
  }

  async close(): Promise<void> {
    if (this.#options.ownsClient) await this.#options.client.close();
  }

  async send(body: Record<string, unknown>, { signal, headers }: SendOptions): Promise<TransportReply> {
    const { client, timeoutMs } = this.#options;
    const response = await client.requestJson({
      // one JSON reply: a Latin-1 `data: {…}` stream is hinted application/json, not the stream's own
      // type, which this transport then read as 'reply is not JSON: data: {…}' (QA288, 9440197f's case)
      noStream: NO_STREAM,
      method: 'POST',
      url: this.#url,
      body,
      signal,
      timeoutMs,
      ...(headers ? { headers } : {}),
      ...(this.#options.retry ? {} : { retry: false as const }),
    });
    // What the agent said (already redacted by the transport): `{"error": …}`, FastAPI's
    // `detail` (its 422 validation list), a Flask/werkzeug or http.server HTML error page's text.
    if (!response.ok) {
      const error = errorWithServerSaid(response);
      if (error.kind === 'invalid_json' && response.text !== undefined)
        error.message += pythonReprHint(response.text); // Flask's `return str(reply)`
      if (error.kind === 'invalid_json') error.message += this.#streamHint(response.text, error.message);
      if (this.#options.profile !== undefined)
        error.message += maeProfileHint(this.#options.profile, response.status, response.body);
      return { ok: false, error };
    }
    const empty = emptyReplyError(this.#url, response);
    if (empty) return { ok: false, error: empty };
    const type = response.headers['content-type'] ?? '';
    const warnings = /\bapplication\/([\w.+-]*\+)?json\b/i.test(type) ? [] : ['content_type'];
    // an integer beyond 2^53 read rounded, as the local and socket transports say it (QA297: http did not)
    if (firstUnsafeInteger(response.text) !== undefined) warnings.push(NUMBER_PRECISION_WARNING);
    return { ok: true, reply: response.body, warnings };
  }

  /**
   * An event stream (`data:` lines) is an agent AgentV reads with its `sse` adapter:
   * `transport: http`, the default, was told 'reply is not JSON: data: {…}' and no more, and a Latin-1
   * one 'send one JSON reply' (QA288), though a plan change reads it (QA296). `sse` posts to the url
   * as written, with no `/execute_task` added.
   */
  #streamHint(text: string | undefined, message: string): string {
    // its lines, or, for one not in UTF-8 (its text not kept), the charset hint's word that it is one
    // (so labelled, or `data:` lines: a JSON body mislabelled so is told too, as `data:` events)
    const stream =
      text === undefined
        ? message.endsWith(`(${NO_STREAM} reads no event stream: send one JSON reply)`)
        : /^\s*(?:data|event|id|retry)?:/.test(text);
    if (!stream) return '';
    const path = this.#options.url.split(/[?#]/)[0]!.replace(/\/+$/, '');
    const url = path.endsWith('/execute_task')
      ? ''
      : ' (it posts to the url as written: end it in /execute_task)';
    return `; a stream of \`data:\` events is read with \`transport: sse\`${url}`;
  }
}
