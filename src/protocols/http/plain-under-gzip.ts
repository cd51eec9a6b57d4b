/**
 * A plain event stream under a `gzip` label (a proxy that removed the compression but not the
 * header), told from gzip data by its first bytes: gzip data begins with the magic bytes 1f 8b (RFC
 * 1952 §2.3.1); these do not, and begin as an event stream does — a `data:`, `event:`, `id:` or
 * `retry:` field or a `:` comment, after blank lines (the lines an openai stream is told by) and a
 * UTF-8 byte order mark (QA265). Such a
 * stream is read as is, as plain JSON under the label is (QA260: both stream readers, the shared
 * transport reading an openai stream whole and the mae `sse` transport reading as it arrives, said
 * "its gzip data is corrupt"). Bytes that are neither are still corrupt gzip data.
 */
import { NDJSON_TYPES } from './cut-reply.js';

/** The codings a Content-Encoding value lists, lower-cased, in the order they are undone (the last applied first). */
export function codingsToUndo(contentEncoding: string): string[] {
  return contentEncoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
}

/** A UTF-8 byte order mark (read as Latin-1) may open the stream (QA265: 'its gzip data is corrupt'). */
const EVENT_STREAM_HEAD = /^(?:\xef\xbb\xbf)?\s*(?:data|event|id|retry)?:/;
/** Enough of a head to tell: the longest field name and its colon, after the blank lines before it. */
const ENOUGH = 6;
/** Blank lines read before a stream's first field are bounded too: past this many bytes it is no stream. */
const MOST = 4096;

/**
 * Whether a reply under `contentEncoding` whose body begins with `head` is a plain event stream:
 * the label is a lone `gzip` (`x-gzip`) and `head` is no gzip data but an event stream's beginning.
 * Undefined while `head` is too short to tell (`ended`: the body has no more bytes).
 */
export function plainStreamUnderGzip(
  contentEncoding: string | undefined,
  head: Buffer,
  ended: boolean,
): boolean | undefined {
  const codings = codingsToUndo(contentEncoding ?? '');
  if (codings.length !== 1 || (codings[0] !== 'gzip' && codings[0] !== 'x-gzip')) return false;
  if (head[0] === 0x1f && (head.length < 2 || head[1] === 0x8b))
    return head.length < 2 && !ended ? undefined : false;
  const text = head.subarray(0, MOST).toString('latin1');
  if (EVENT_STREAM_HEAD.test(text)) return true;
  const rest = text.replace(/^\xef\xbb\xbf/, '').trimStart();
  return ended || rest.length >= ENOUGH || head.length >= MOST ? false : undefined;
}

/**
 * Whether an `http` agent's text document (text/plain, NDJSON) under a lone `gzip` label is plain:
 * its bytes are no gzip data (QA258: 'reply is not readable (its gzip data is corrupt)', where plain
 * JSON and a plain stream under the label are read as is).
 */
export function plainTextUnderGzip(
  contentEncoding: string | undefined,
  contentType: string | undefined,
  body: Buffer,
): boolean {
  const codings = codingsToUndo(contentEncoding ?? '');
  if (codings.length !== 1 || (codings[0] !== 'gzip' && codings[0] !== 'x-gzip')) return false;
  if (body[0] === 0x1f && body[1] === 0x8b) return false;
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'text/plain' || NDJSON_TYPES.has(media);
}
