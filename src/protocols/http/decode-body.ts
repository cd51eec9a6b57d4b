/**
 * Turns a reply's bytes into text the way a serious HTTP client does (Python requests'
 * `.json()`, browsers' fetch): undo `Content-Encoding` (gzip, x-gzip, deflate — zlib or raw —
 * and br; a list is undone last-applied first), then decode by the `charset` of `Content-Type`
 * (utf-16, latin-1, …), else by a byte order mark, else as UTF-8. A UTF-8 or UTF-16 BOM is
 * dropped (RFC 8259 §8.1 lets a parser ignore it). evalc does not ask for compression
 * (no `Accept-Encoding`); it reads what arrives, since servers and proxies compress unasked.
 *
 * Decompression is bounded by the transport's size limit (a small gzip bomb expands to
 * gigabytes); an encoding evalc cannot undo (zstd on Node 20, or corrupt data) is a value, not
 * a throw. The common reply (no encoding, no charset, no BOM) costs one `toString('utf8')`.
 */
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { parseBoundedJson } from '../bounded-json.js';
import { NDJSON_TYPES } from './cut-reply.js';

export type DecodedBody =
  | { ok: true; text: string; bytes: Buffer }
  | { ok: false; reason: 'too_large' }
  | { ok: false; reason: 'undecodable'; detail: string };

export function decodeBody(
  bytes: Buffer,
  contentEncoding: string | undefined,
  contentType: string | undefined,
  maxBytes: number,
): DecodedBody {
  let data = bytes;
  if (contentEncoding !== undefined && data.length > 0) {
    const codings = contentEncoding
      .split(',')
      .map((coding) => coding.trim().toLowerCase())
      .filter((coding) => coding !== '' && coding !== 'identity');
    for (const coding of codings.reverse()) {
      const step = decompress(data, coding, maxBytes);
      if (!step.ok) return step;
      data = step.data;
    }
  }
  return { ok: true, text: decodeText(data, charsetOf(contentType)), bytes: data };
}

type Decompressed = { ok: true; data: Buffer } | Exclude<DecodedBody, { ok: true }>;

function decompress(data: Buffer, coding: string, maxBytes: number): Decompressed {
  const options = { maxOutputLength: maxBytes };
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return { ok: true, data: zlib.gunzipSync(data, options) };
    if (coding === 'br') return { ok: true, data: zlib.brotliDecompressSync(data, options) };
    if (coding === 'deflate') {
      // RFC 9110 says zlib-wrapped; some servers send raw deflate (what browsers also accept).
      try {
        return { ok: true, data: zlib.inflateSync(data, options) };
      } catch (error) {
        if (isTooLarge(error)) throw error;
        return { ok: true, data: zlib.inflateRawSync(data, options) };
      }
    }
  } catch (error) {
    if (isTooLarge(error)) return { ok: false, reason: 'too_large' };
    return { ok: false, reason: 'undecodable', detail: `its ${coding} data is corrupt` };
  }
  return { ok: false, reason: 'undecodable', detail: `evalc cannot undo Content-Encoding ${coding}` };
}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof RangeError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
  );
}

/** The `charset` parameter of a Content-Type value, lower-cased, without quotes. */
function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

function decodeText(data: Buffer, charset: string | undefined): string {
  const bom = bomEncoding(data);
  if (bom === undefined && (charset === undefined || UTF8_LABELS.has(charset))) return data.toString('utf8');
  // A byte order mark wins over the declared charset (WHATWG "decode"); TextDecoder drops it.
  // An unknown label is read as UTF-8, as before.
  return new TextDecoder(knownLabel(bom ?? charset ?? 'utf-8') ?? 'utf-8').decode(data);
}

/**
 * Whether the text these bytes (no content-encoding) decode to holds its ASCII characters as the
 * same bytes: not read as UTF-16, by a byte order mark or the Content-Type's charset (QA354), nor
 * as ISO-2022-JP, whose escape sequences the decoder drops, `"e ESC ( B rror"` (QA362).
 */
export function asciiAsBytes(bytes: Buffer, contentType: string | undefined): boolean {
  const charset = charsetOf(contentType);
  const encoding =
    bomEncoding(bytes) ?? (charset === undefined || UTF8_LABELS.has(charset) ? 'utf-8' : knownLabel(charset));
  return encoding === undefined || !(encoding.startsWith('utf-16') || encoding === 'iso-2022-jp');
}

function knownLabel(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * Why a reply read as UTF-8 lost bytes, when it did (QA237): with no charset named (or a UTF-8 one,
 * or one evalc does not know) and no byte order mark but UTF-8's, bytes that are not UTF-8 (an agent
 * writing Latin-1) became U+FFFD, and the answer was kept so, without a word. Undefined when the
 * bytes are UTF-8 or were read otherwise. `bytes` are the body with any content-encoding undone
 * (QA244: a gzipped Latin-1 reply, a UTF-8 BOM before Latin-1, a `charset=latin-9x` went unchecked).
 */
export function notUtf8Detail(
  bytes: Buffer,
  text: string,
  contentType: string | undefined,
  stream = isEventStream(contentType),
  textType?: string,
): string | undefined {
  if (!text.includes('\uFFFD') || isUtf8(bytes)) return undefined;
  const charset = charsetOf(contentType);
  const bom = bomEncoding(bytes);
  const unknown = charset !== undefined && knownLabel(charset) === undefined;
  if (bom !== undefined ? bom !== 'utf-8' : charset !== undefined && !UTF8_LABELS.has(charset) && !unknown)
    return undefined;
  const at = firstNonUtf8(bytes);
  return notUtf8Message(bytes[at] ?? 0, at, contentType, { utf8Bom: bom !== undefined, stream, textType });
}

/**
 * The detail of a reply read as UTF-8 whose byte `byte` at offset `at` is not (-1: a character the
 * end cut short), saying why it was read as UTF-8 and what to name: `notUtf8Detail`'s, and the mae
 * `sse` stream reader's, which reads as it arrives (QA260: it said `(byte 0xe9): write the reply in UTF-8`).
 */
export function notUtf8Message(
  byte: number,
  at: number,
  contentType: string | undefined,
  { utf8Bom, stream, textType }: { utf8Bom: boolean; stream: boolean; textType?: string | undefined },
): string {
  const charset = charsetOf(contentType);
  const said = utf8Bom
    ? 'it begins with a UTF-8 byte order mark'
    : charset === undefined
      ? 'its Content-Type names no charset'
      : knownLabel(charset) === undefined
        ? `its Content-Type says ${charset}, a charset evalc does not know, so read as UTF-8`
        : `its Content-Type says ${charset}`;
  const what = byte >= 0 ? `byte 0x${byte.toString(16)}` : 'a character cut short';
  return (
    `reply is not UTF-8 (${what} at offset ${at}; ${said}): ` +
    `send UTF-8, or name the charset the agent writes, e.g. Content-Type: ${stream ? 'text/event-stream' : (textType ?? 'application/json')}; charset=iso-8859-1`
  );
}

/**
 * The encoding (a TextDecoder's name) an event stream read as it arrives is in, when its Content-Type
 * declares one evalc knows other than UTF-8 (`iso-8859-1` → `windows-1252`, as `decodeBody` reads a
 * whole reply: QA260, the mae `sse` reader failed it as not UTF-8); undefined: UTF-8.
 */
export function declaredStreamEncoding(contentType: string | undefined): string | undefined {
  const charset = charsetOf(contentType);
  if (charset === undefined || UTF8_LABELS.has(charset)) return undefined;
  const known = knownLabel(charset);
  return known === 'utf-8' ? undefined : known;
}

/** The hint's media type is an event stream's own (QA250: a Latin-1 stream was told application/json). */
function isEventStream(contentType: string | undefined): boolean {
  return /^\s*text\/event-stream\b/i.test(contentType ?? '');
}

/**
 * `notUtf8Detail` of a reply read whole: JSON, or an event stream (UTF-8 by WHATWG's rule: an openai
 * completion streamed in Latin-1 was merged with U+FFFD for its é and kept, QA250). A reply the close
 * cut inside a character is neither: interpretReply names the cut (a stream's ends in its U+FFFD).
 */
export function notUtf8Reply(
  bytes: Buffer,
  text: string,
  contentType: string | undefined,
  textReply = false,
  /** The caller reads one JSON reply, no stream (`a raip agent`): the hint says so (QA283). */
  noStream?: string,
): string | undefined {
  // A stream as openai reads one (recoverStreamedReply): so labelled, or `data:` (`event:`, `id:`,
  // `:`) lines under another Content-Type (QA254: text/plain or none, merged with U+FFFD and kept);
  // a field's name is followed by its colon (QA258: a text answer 'identity café.' was told to be
  // an event stream, where 'Paris café.' was kept). An `http` agent (textReply) reads no stream: its
  // text/plain 'data: aucune donnée' is its text, hinted text/plain (QA272: told text/event-stream,
  // which it then read as 'reply is not JSON'); so is one labelled text/event-stream (QA278: hinted
  // text/event-stream; charset=iso-8859-1, it was then 'reply is not JSON: data: café'), and, as a
  // text/plain reply, it is never read as cut (QA283: 'data: café' ending in its é was 'reply is not
  // JSON: data: caf\uFFFD' with no word of the charset).
  // A JSON body so labelled is hinted application/json (QA288: 'the text is its answer' was told of
  // `{"answer": "café"}`, which a text/plain reply then parses as JSON, not keeps as text), and so is
  // a stream whose event is JSON (QA296: `data: {"answer": "café"}`, sent as text/plain as told, was
  // then 'extraction_failed: no value for answer').
  if (textReply && isEventStream(contentType)) {
    const json = parseBoundedJson(text).ok || eventIsJson(text);
    const detail = notUtf8Detail(bytes, text, contentType, false, json ? 'application/json' : 'text/plain');
    const then = json ? 'send one JSON reply' : 'the text is its answer';
    return detail && `${detail} (an http agent reads no event stream: ${then})`;
  }
  const stream =
    (isEventStream(contentType) || (!textReply && /^\s*(?:data|event|id|retry)?:/.test(text))) &&
    !text.endsWith('\uFFFD');
  // To a raip or chat agent, which reads one JSON reply, a stream's own type was hinted, and then read
  // as 'reply is not JSON: data: {…}' (QA283, f2bb34aa's case for another protocol).
  if (stream && noStream !== undefined) {
    const detail = notUtf8Detail(bytes, text, contentType, false, 'application/json');
    return detail && `${detail} (${noStream} reads no event stream: send one JSON reply)`;
  }
  if (stream) return notUtf8Detail(bytes, text, contentType, true);
  if (parseBoundedJson(text).ok) return notUtf8Detail(bytes, text, contentType, isEventStream(contentType));
  // A text document (`http`'s text/plain, NDJSON's lines) is checked as JSON is, hinted with its own
  // type (QA258: Latin-1 was kept with U+FFFD for its é without a word); to a caller that reads no
  // text (openai, raip) it stays 'not JSON'. NDJSON's last line cut
  // inside a character is the cut interpretReply names, a text/plain reply is never read as cut.
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const ndjson = NDJSON_TYPES.has(media) && !text.endsWith('\uFFFD');
  if (!textReply || (media !== 'text/plain' && !ndjson)) return undefined;
  return notUtf8Detail(bytes, text, contentType, false, media);
}

/** The first `data:` line of an event stream holds a JSON document (its one reply, sent as an event). */
function eventIsJson(text: string): boolean {
  const data = /^data: ?(.*)$/m.exec(text)?.[1];
  return data !== undefined && parseBoundedJson(data).ok;
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence. */
export function firstNonUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    const next = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && next < 0xa0) || (b === 0xed && next > 0x9f)) return i; // overlong, surrogate
    if ((b === 0xf0 && next < 0x90) || (b === 0xf4 && next > 0x8f)) return i; // overlong, past U+10FFFF
    i += length;
  }
  return bytes.length;
}
