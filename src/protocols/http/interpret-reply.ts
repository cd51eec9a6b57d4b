/**
 * What one HTTP reply means to evalc: a 2xx with a JSON body (or none: 204, 304), `invalid_json`
 * for a 2xx that is not JSON (or nests too deep), a retried `transport_error` for one whose JSON the
 * connection's close cut short (cut-reply.ts), else `http_<status>` — retryable or not, with the
 * wait a 429/503 asked for (`Retry-After`, or an OpenAI-style rate-limit reset). Headers, text and
 * body are redacted of the request's secret header values when they may hold one.
 */
import { parseBoundedJson, TOO_DEEP } from '../bounded-json.js';
import type { StepError } from '../types.js';
import {
  describeCutReply,
  endsMidJson,
  endsMidJsonLine,
  isCloseDelimited,
  NDJSON_TYPES,
} from './cut-reply.js';
import { rateLimitDelayMs, retryAfterMsHeader } from './rate-limit-reset.js';
import type { ReplyRedaction } from './reply-redaction.js';
import { isRetryableStatus, parseRetryAfter } from './retry-policy.js';
import type { JsonResponse } from './transport-types.js';

/** One attempt's result: a reply as the caller gets it, before the attempts are counted. */
export type Attempt = JsonResponse extends infer R
  ? R extends unknown
    ? Omit<R, 'attempts'>
    : never
  : never;

export function interpretReply(
  redaction: ReplyRedaction,
  where: () => string,
  status: number,
  replyHeaders: Record<string, string>,
  rawText: string,
  /** How many bytes came (the body as read, when no encoding was undone): `rawText` decoded a cut
   * inside a character's UTF-8 bytes to a U+FFFD of 3 bytes, so a cut of 27 bytes read 29 (QA195). */
  bytesRead = Buffer.byteLength(rawText),
): Attempt {
  // An ETag or a Location may quote a secret too (a discovered ETag is pinned in the lockfile).
  const headers = redaction.active ? redaction.value(replyHeaders) : replyHeaders;
  if (
    status === 304 ||
    status === 204 ||
    (status >= 200 && status < 300 && rawText === '' && status !== 200)
  ) {
    return { ok: true, status, headers, body: null, text: redaction.text(rawText) };
  }
  if (status >= 200 && status < 300) {
    const parsed = parseJson(rawText);
    if (!parsed.ok && !parsed.tooDeep && isCutReply(headers, rawText)) {
      const text = redaction.cutText(rawText); // a secret the close cut through: its head too (QA185)
      const message = `${where()}: ${describeCutReply(status, text, bytesRead)}`;
      return {
        ok: false,
        error: { kind: 'transport_error', message, retryable: true },
        status,
        headers,
        text,
      };
    }
    if (!parsed.ok) {
      return {
        ok: false,
        error: {
          kind: 'invalid_json',
          // an empty 200 (a handler that returned nothing) is the common case worth naming
          message: parsed.tooDeep
            ? `${where()}: reply ${TOO_DEEP}`
            : `${where()}: reply is ${rawText.trim() === '' ? `empty (HTTP ${status}), ` : ''}not JSON`,
          retryable: false,
        },
        status,
        headers,
        text: redaction.text(rawText),
      };
    }
    if (redaction.mayHold(rawText)) {
      const body = redaction.value(parsed.value);
      return { ok: true, status, headers, body, text: redaction.text(rawText) };
    }
    return { ok: true, status, headers, body: parsed.value, text: rawText };
  }
  // an error reply the close cut short (its JSON left open) may end in a secret's head (QA190)
  const text = isCutReply(headers, rawText) ? redaction.cutText(rawText) : redaction.text(rawText);
  const errorBody = parseJson(text);
  const error: StepError = {
    kind: `http_${status}`,
    message: `${where()}: HTTP ${status}`,
    retryable: isRetryableStatus(status),
  };
  const retryAfterMs = askedWaitMs(status, headers);
  if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
  return errorBody.ok
    ? { ok: false, error, status, headers, text, body: errorBody.value }
    : { ok: false, error, status, headers, text };
}

/**
 * The wait a 429 or 503 asks for: an OpenAI-compatible API's `retry-after-ms` (a 503 too: QA243,
 * it was backed off by evalc's own delay), else `Retry-After`, else (a 429) `x-ratelimit-reset-*`,
 * the reset of a rate limit (QA19); undefined for another status or none said. `retry-after-ms`
 * comes first, as the OpenAI SDKs read it (QA267: a reply carrying both waited `Retry-After`'s
 * whole seconds); one that is not a number is passed over. Also read for such a status named
 * inside a 200 (QA214).
 */
export function askedWaitMs(status: number, headers: Record<string, string>): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  return (
    retryAfterMsHeader(headers) ??
    parseRetryAfter(headers['retry-after'], Date.now()) ??
    (status === 429 ? rateLimitDelayMs(headers) : undefined)
  );
}

/** A close-delimited JSON reply cut short (cut-reply.ts); a `text/plain` one is `http`'s text document. */
function isCutReply(headers: Record<string, string>, text: string): boolean {
  if (!isCloseDelimited(headers) || /^\s*text\/plain\b/i.test(headers['content-type'] ?? '')) return false;
  const mediaType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return NDJSON_TYPES.has(mediaType) ? endsMidJsonLine(text) : endsMidJson(text);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; tooDeep: boolean } {
  const parsed = parseBoundedJson(text);
  return parsed.ok ? parsed : { ok: false, tooDeep: parsed.reason === 'too_deep' };
}
