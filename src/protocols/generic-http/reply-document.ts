/**
 * What an `http` agent's reply is, as the document its `response:` JMESPath and the bindings
 * read (QA22; the DESIGN says only "JMESPath on the response", so these are evalc's choices):
 *
 * - a JSON body (any 2xx, whatever its Content-Type) is its parsed value, as before;
 * - `text/plain` that is not JSON is the text itself, a string (`@`, `contains`, `regex` work on
 *   it); other non-JSON types (an HTML page from a proxy or a wrong URL) stay `invalid_json`;
 * - NDJSON / JSON Lines (`application/x-ndjson`, `application/ndjson`, `application/jsonl`,
 *   `application/x-jsonlines`, `application/jsonlines`) is the array of its lines' values, one
 *   line included (blank lines skipped; a line that is not JSON is `invalid_json` naming it; one
 *   the connection's close cut short is the transport's retried `transport_error`, QA185);
 * - `202 Accepted` is not an answer (RFC 9110 §15.3.3: processing "has not been completed"):
 *   evalc does not poll, so it is `contract_violation` naming the `Location` to poll, if any;
 * - `204` and other empty 2xx replies are `null`, except an empty `200`: the transport reports it
 *   `invalid_json` ("reply is empty (HTTP 200)"), a handler that returned nothing (interpret-reply.ts).
 */
import { parseBoundedJson } from '../bounded-json.js';
import { NDJSON_TYPES } from '../http/cut-reply.js';
import { errorWithServerSaid } from '../http/server-said.js';
import { describeTarget, type JsonResponse } from '../http/transport.js';
import { pythonReprHint } from '../python-repr.js';
import { codePointCut } from '../quote-cut.js';
import type { StepError } from '../types.js';

export type ReplyDocument = { ok: true; document: unknown } | { ok: false; error: StepError };

/** The document of a reply, or why there is none (a failed reply's error, with what the server said). */
export function replyDocument(reply: JsonResponse, method: string, url: string): ReplyDocument {
  if (reply.status === 202) return { ok: false, error: accepted(reply, method, url) };
  const mediaType = (reply.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const isSuccess = reply.status !== undefined && reply.status >= 200 && reply.status < 300;
  // a reply the connection's close cut short (http/cut-reply.ts) is that, a retried transport_error:
  // read as NDJSON, its cut last line was an invalid_json, cached like an answer (QA185)
  if (!reply.ok && reply.error.kind === 'transport_error') return { ok: false, error: reply.error };
  if (isSuccess && reply.text !== undefined && NDJSON_TYPES.has(mediaType))
    return parseJsonLines(reply.text, method, url);
  if (reply.ok) return { ok: true, document: reply.body };
  const text = reply.text ?? '';
  if (isSuccess && reply.error.kind === 'invalid_json' && mediaType === 'text/plain' && text.trim() !== '')
    return { ok: true, document: text };
  const error = errorWithServerSaid(reply);
  if (error.kind === 'invalid_json') error.message += pythonReprHint(text); // Flask's `return str(reply)`
  return { ok: false, error };
}

function parseJsonLines(text: string, method: string, url: string): ReplyDocument {
  const values: unknown[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const parsed = parseBoundedJson(line);
    if (!parsed.ok) {
      const why = parsed.reason === 'too_deep' ? 'is nested too deeply' : 'is not JSON';
      return {
        ok: false,
        error: {
          kind: 'invalid_json',
          message: `${describeTarget(method, url)}: NDJSON reply line ${i + 1} ${why}: ${codePointCut(line, 80)}`,
          retryable: false,
        },
      };
    }
    values.push(parsed.value);
  }
  return { ok: true, document: values };
}

function accepted(reply: JsonResponse, method: string, url: string): StepError {
  const location = reply.headers?.location;
  const poll = location === undefined ? '' : ` (it says to look at ${pathOf(location, url)})`;
  return {
    kind: 'contract_violation',
    message:
      `${describeTarget(method, url)}: HTTP 202 Accepted: the agent queued the request instead of answering${poll}; ` +
      'evalc does not poll an asynchronous API — point url at an endpoint that answers with the result (or a small wrapper that waits for it)',
    retryable: false,
  };
}

/** The Location's origin and path, without query string or credentials. */
function pathOf(location: string, base: string): string {
  try {
    const target = new URL(location, base);
    return `${target.origin}${target.pathname}`;
  } catch {
    return 'its Location header';
  }
}
