/**
 * A 2xx reply whose JSON was cut off by the connection closing: a body framed by neither
 * Content-Length nor chunked encoding ends when the server closes the connection, so one that
 * closed early (a crashed worker, a proxy's idle cut, a dropped link) arrives as a body that
 * "ended" in the middle of its JSON. The same cut under a Content-Length or chunked framing is a
 * connection failure (`transport_error`, retried); this one was `invalid_json`, a definitive
 * answer, never retried and cached (QA184). A reply cut this way is a transport failure too.
 */

import { codePointTail } from '../quote-cut.js';

/** NDJSON / JSON Lines media types: a document per line (an `http` agent's reply, generic-http/reply-document.ts). */
export const NDJSON_TYPES: ReadonlySet<string> = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/jsonlines',
]);

/**
 * True when NDJSON `text` ends in a line it never finishes: only its last line can be cut, and a
 * text that ends at a line's end is whole. A complete body with a broken line before the last
 * (`{"a":\n{"b":1}\n`) is the server's malformed NDJSON, `invalid_json` naming the line (QA190: the
 * open `{` of its line 1 read as a cut, a retried transport_error).
 */
export function endsMidJsonLine(text: string): boolean {
  return endsMidJson(text.slice(text.lastIndexOf('\n') + 1));
}

/** True when `headers` frame no body: it ends only when the connection closes. */
export function isCloseDelimited(headers: Record<string, string>): boolean {
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}

/**
 * True when `text` opens a JSON object or array (or NDJSON's lines) that it never closes: an
 * object, array or string still open at its end. A text that closes all it opens, or closes one
 * with the other's bracket, is no cut (a server's own malformed JSON stays `invalid_json`).
 */
export function endsMidJson(text: string): boolean {
  const start = text.search(/\S/);
  if (start < 0) return false;
  const first = text.charCodeAt(start);
  if (first !== 0x7b && first !== 0x5b) return false;
  // the closers still due, innermost last: a closer of the wrong kind (`{"a": [1}`) or of nothing is
  // the server's own malformed JSON, whole, not a cut (QA185: counted as depth, it read as one)
  const due: number[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b) due.push(0x7d);
    else if (code === 0x5b) due.push(0x5d);
    else if ((code === 0x7d || code === 0x5d) && due.pop() !== code) return false;
  }
  return inString || due.length > 0;
}

/**
 * The words for such a reply: how much came (`bytes`, counted before any secret in it was masked:
 * `text`'s own count read 25 bytes for a reply of 22 or 27, QA190), and where it stopped.
 */
export function describeCutReply(status: number, text: string, bytes: number): string {
  const tail = text.length > 40 ? `…${codePointTail(text, 40)}` : text;
  return `the connection closed in the middle of the reply (HTTP ${status}, no Content-Length: ${bytes} bytes of JSON that ends unfinished, '${tail.replace(/\s+/g, ' ')}')`;
}
