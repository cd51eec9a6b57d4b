/**
 * What a dataset is pinned by, the same on every machine (DESIGN §5: a lock committed on one
 * developer's laptop must match CI's). A dataset's `sha256` is taken over its bytes without a
 * leading UTF-8 byte order mark and with every CRLF line end read as LF, and its text is parsed
 * with LF line ends: one file checked out by git with `core.autocrlf` (Windows) or saved by an
 * editor that adds a BOM pins, keys and scores exactly as the LF file on Linux CI does — a CSV
 * cell spanning lines included, whose line breaks would otherwise reach the agent as `\r\n`.
 * For an LF file without a BOM the digest is its `sha256sum`.
 */
import { sha256Hex } from './content-key.js';

const CR = 0x0d;
const LF = 0x0a;

/** The bytes without a leading UTF-8 BOM and with CRLF → LF (CR and LF never occur inside a UTF-8 sequence). */
export function normalizeDatasetBytes(bytes: Uint8Array): Uint8Array {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let crlf = bytes.indexOf(CR, start);
  while (crlf !== -1 && bytes[crlf + 1] !== LF) crlf = bytes.indexOf(CR, crlf + 1);
  if (crlf === -1) return start === 0 ? bytes : bytes.subarray(start);
  const out = new Uint8Array(bytes.length - start);
  let n = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === CR && bytes[i + 1] === LF) continue;
    out[n++] = b;
  }
  return out.subarray(0, n);
}

/**
 * The sha256 a dataset file is pinned by in `evalc.lock` (see the module header). `rawSha256`, the
 * sha256 just computed over these same bytes, is the answer for an LF file without a BOM (not
 * hashed twice).
 */
export function datasetSha256(bytes: Uint8Array, rawSha256?: string): string {
  const normalized = normalizeDatasetBytes(bytes);
  return normalized === bytes && rawSha256 !== undefined ? rawSha256 : sha256Hex(normalized);
}

/** Dataset text with CRLF line ends read as LF (line numbers and columns are unchanged). */
export function normalizeLineEnds(text: string): string {
  return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
}
