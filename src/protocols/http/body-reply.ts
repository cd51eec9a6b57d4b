/**
 * What an HTTP reply's body, read whole, means (the half of an attempt after the headers, the
 * transport's #attempt being the other): the body's content-encoding undone and its charset
 * checked (decode-body.ts), a proxy's plain body under a `gzip` label read as is
 * (plain-under-gzip.ts), then interpreted (interpret-reply.ts).
 */
import { parseBoundedJson } from '../bounded-json.js';
import type { StepError } from '../types.js';
import { type DecodedBody, decodeBody, notUtf8Reply } from './decode-body.js';
import { tooLarge } from './failure-words.js';
import { type Attempt, interpretReply } from './interpret-reply.js';
import { plainStreamUnderGzip, plainTextUnderGzip } from './plain-under-gzip.js';
import type { ReplyRedaction } from './reply-redaction.js';

/** The reply an attempt read: its status, headers, the request's `textReply`, and how to name it. */
export interface ReadReply {
  status: number;
  headers: Record<string, string>;
  where: () => string;
  redaction: ReplyRedaction;
  /** The request reads a text/plain or NDJSON reply as its document (JsonRequest.textReply). */
  textReply: boolean;
  /** The caller reads no event stream (JsonRequest.noStream). */
  noStream?: string | undefined;
  maxResponseBytes: number;
}

/** The body's bytes with their content-encoding undone, in its Content-Type's charset. */
export function decodeReply(bytes: Buffer, reply: ReadReply): DecodedBody {
  const { headers } = reply;
  return decodeBody(bytes, headers['content-encoding'], headers['content-type'], reply.maxResponseBytes);
}

/** The attempt a body means: `bytes` as read, `decoded` what decodeReply made of them. */
export function attemptFromBody(bytes: Buffer, decoded: DecodedBody, reply: ReadReply): Attempt {
  const { status, headers: replyHeaders, where, redaction } = reply;
  // JSON whose bytes were not UTF-8 (Latin-1, no charset named) is not kept with U+FFFD for them (QA237)
  const notUtf8 = (raw: Buffer, text: string) => {
    const ok = status >= 200 && status < 300;
    const detail = ok
      ? notUtf8Reply(raw, text, replyHeaders['content-type'], reply.textReply, reply.noStream)
      : undefined;
    if (detail === undefined) return undefined;
    const error: StepError = { kind: 'invalid_json', message: `${where()}: ${detail}`, retryable: false };
    return { ok: false as const, error, status, headers: replyHeaders };
  };
  if (decoded.ok) {
    // the bytes as they came, when no content-encoding was undone (a cut reply's count;
    // `identity` undoes none, QA198: its cut read 29 bytes of 27)
    const undone = (replyHeaders['content-encoding'] ?? '').replace(/identity/gi, '');
    const came = /[^\s,]/.test(undone) ? undefined : bytes.length;
    // (the bytes with any content-encoding undone: QA244, a gzipped one went unchecked)
    const failed = notUtf8(decoded.bytes, decoded.text);
    return failed ?? interpretReply(redaction, where, status, replyHeaders, decoded.text, came);
  }
  if (decoded.reason === 'too_large')
    return { ok: false, error: tooLarge(where(), reply.maxResponseBytes), status, headers: replyHeaders };
  // A proxy that removed the compression but kept the header: plain JSON, or a plain stream under
  // gzip (QA260) or an http agent's plain text (QA258), checked as a plain reply is (QA250), in its
  // Content-Type's charset (QA254)
  const asIs = decodeBody(bytes, undefined, replyHeaders['content-type'], reply.maxResponseBytes);
  const plain = asIs.ok ? asIs.text : bytes.toString('utf8');
  if (
    parseBoundedJson(plain).ok ||
    plainStreamUnderGzip(replyHeaders['content-encoding'], bytes, true) ||
    (reply.textReply &&
      plainTextUnderGzip(replyHeaders['content-encoding'], replyHeaders['content-type'], bytes))
  )
    return notUtf8(bytes, plain) ?? interpretReply(redaction, where, status, replyHeaders, plain);
  if (status >= 200 && status < 300) {
    const message = `${where()}: reply is not readable (${decoded.detail})`;
    return {
      ok: false,
      error: { kind: 'invalid_json', message, retryable: false },
      status,
      headers: replyHeaders,
    };
  }
  return interpretReply(redaction, where, status, replyHeaders, bytes.toString('utf8'));
}
