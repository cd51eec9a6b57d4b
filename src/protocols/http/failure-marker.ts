/**
 * Whether a 2xx reply is final as its bytes are read, before its parse (a0f25774): its request has
 * no `failureIn2xx`, or the text every failure that check finds holds (`failureIn2xxMarker`, ASCII:
 * `"error"` for a `raip` invoke) cannot be in it. Such a reply gives its concurrency slot on at once
 * (`onReplyRead`); any other waits for the parse, since a failure found after the slot was given on
 * would be retried holding none (one request more in flight than `limits.concurrency`). Bytes hide
 * the marker when compressed, read as UTF-16 (a charset or a byte order mark) or ISO-2022-JP (an
 * escape sequence inside the key, QA362), or when a JSON escape writes one of its characters,
 * `{"\u0065rror": …}` (QA354).
 */
import { asciiAsBytes } from './decode-body.js';
import type { JsonRequest } from './transport-types.js';

export function finalAsRead(request: JsonRequest, bytes: Buffer, headers: Record<string, string>): boolean {
  if (request.failureIn2xx === undefined) return true;
  const marker = request.failureIn2xxMarker;
  if (marker === undefined) return false;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') return false;
  if (!asciiAsBytes(bytes, headers['content-type'])) return false;
  return !bytes.includes(marker) && !escapesAnyOf(bytes, marker);
}

/** Whether a `\u00XX` escape in the bytes writes one of the characters of `text` (`\u0065`: e). */
function escapesAnyOf(bytes: Buffer, text: string): boolean {
  for (let at = bytes.indexOf('\\u00'); at !== -1; at = bytes.indexOf('\\u00', at + 4)) {
    const code = Number.parseInt(bytes.toString('latin1', at + 4, at + 6), 16);
    if (Number.isInteger(code) && text.includes(String.fromCharCode(code))) return true;
  }
  return false;
}
