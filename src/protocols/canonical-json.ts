/**
 * RFC 8785 (JCS) canonical JSON and SHA-256 hex digests. Used for RAIP schema digests and for
 * request bodies whose bytes must be identical across runs (RAIP R14). Never `JSON.stringify`
 * for hashing (STYLE.md, Determinism).
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The RFC 8785 form of a JSON value. Throws (a bug) for values JSON cannot represent. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonicalJson: value has no JSON form');
  return text;
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
