/**
 * RFC 8785 (JCS) canonical JSON and SHA-256 hex digests. Used for RAIP schema digests and for
 * request bodies whose bytes must be identical across runs (RAIP R14). Never `JSON.stringify`
 * for hashing (STYLE.md, Determinism).
 *
 * The npm `canonicalize` package is the reference. Plain JSON data (null, booleans, finite
 * numbers, well-formed strings, arrays and objects without `toJSON`, not nested deeper than
 * MAX_FAST_DEPTH) takes a faster path that yields the same text: object keys sorted by UTF-16
 * code units (`Array.prototype.sort`), each leaf through `JSON.stringify` exactly as the package
 * does. Anything else (NaN, ±Infinity, lone surrogates, `toJSON`, functions, symbols, bigints,
 * `undefined`, cycles) is handed to the package, so its results and errors are unchanged.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** Deeper values (or cycles) go to the package, which detects cycles. */
const MAX_FAST_DEPTH = 64;

/** Thrown inside the fast path to hand the whole value to the package. */
const NOT_PLAIN = Symbol('not plain JSON');

interface MaybeWellFormed {
  isWellFormed?: () => boolean;
}
const LONE_SURROGATE = /\p{Cs}/u;

function wellFormed(text: string): boolean {
  const probe = (text as unknown as MaybeWellFormed).isWellFormed;
  return probe ? probe.call(text) : !LONE_SURROGATE.test(text);
}

function fast(value: unknown, depth: number, lone: boolean): string {
  switch (typeof value) {
    case 'string':
      if (!lone && !wellFormed(value)) throw NOT_PLAIN;
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth >= MAX_FAST_DEPTH) throw NOT_PLAIN;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          const item: unknown = value[i];
          if (item === undefined) throw NOT_PLAIN;
          if (i > 0) out += ',';
          out += fast(item, depth + 1, lone);
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let out = '{';
      let first = true;
      for (const key of keys) {
        const item = record[key];
        if (item === undefined) continue;
        if (!lone && !wellFormed(key)) throw NOT_PLAIN;
        out += `${first ? '' : ','}${JSON.stringify(key)}:${fast(item, depth + 1, lone)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw NOT_PLAIN;
  }
}

/**
 * An object's own keys in UTF-16 code unit order (RFC 8785's, and `Array.prototype.sort`'s
 * default). Objects built key-sorted (request bodies, lockfile rows) are only checked, not
 * sorted: `sort()` allocates a work copy per call, measurable at one request per example.
 */
export function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

/**
 * Whether `JSON.stringify(value)` already is the RFC 8785 form: plain data (null, booleans,
 * finite numbers, well-formed strings, arrays without `undefined`, objects of the plain
 * prototype without `toJSON`) whose every object has its keys in UTF-16 order (a request body,
 * a rendered input), not nested deeper than MAX_FAST_DEPTH. The native serializer then writes
 * the canonical text in one pass, with no string per member: JSON.stringify writes strings and
 * numbers exactly as RFC 8785 (and `fast`) do, and members in `Object.keys` order.
 */
export function stringifiesCanonically(value: unknown, depth = 0, lone = false): boolean {
  switch (typeof value) {
    case 'string':
      return lone || wellFormed(value);
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_FAST_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (item === undefined || !stringifiesCanonically(item, depth + 1, lone)) return false;
        }
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const record = value as Record<string, unknown>;
      if (record.toJSON !== undefined) return false;
      let previous: string | undefined;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) return false; // an enumerable inherited key: not plain
        if ((previous !== undefined && previous > key) || (!lone && !wellFormed(key))) return false;
        previous = key;
        const item = record[key];
        if (item !== undefined && !stringifiesCanonically(item, depth + 1, lone)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** The RFC 8785 form of a JSON value. Throws (a bug) for values JSON cannot represent. */
export function canonicalJson(value: unknown): string {
  if (stringifiesCanonically(value)) return JSON.stringify(value);
  try {
    return fast(value, 0, false);
  } catch (thrown) {
    if (thrown !== NOT_PLAIN) throw thrown;
  }
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonicalJson: value has no JSON form');
  return text;
}

/**
 * The canonical text of a value that may carry text from an agent: RFC 8785 for Unicode text, and
 * a lone UTF-16 surrogate (valid JSON `"\ud800"`, which an agent that cuts text by code units can
 * send) written as that `\uXXXX` escape, as `JSON.stringify` writes it, instead of refused (RFC
 * 8785 has no form for it). For request bodies and keys of what was sent (a chat transcript
 * replayed in its next turn, a judge request): the agent's text is passed on as it came, and the
 * bytes are the same on every run. Identical to `canonicalJson` for every value that has an RFC
 * 8785 form.
 */
export function wireJson(value: unknown): string {
  if (stringifiesCanonically(value, 0, true)) return JSON.stringify(value);
  try {
    return fast(value, 0, true);
  } catch (thrown) {
    if (thrown !== NOT_PLAIN) throw thrown;
  }
  return canonicalJson(value);
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
