/**
 * Content keys (DESIGN.md §1): `k1:` + sha256 over the RFC 8785 (JCS) canonical JSON of the
 * step kind, its own configuration, the keys of its inputs, and the version of the code that
 * computes it. Never JSON.stringify for hashing.
 */
import { createHash, hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { sortedKeys, stringifiesCanonically } from '../protocols/canonical-json.js';

export const KEY_PREFIX = 'k1:';

/** RFC 8785 canonical JSON. `undefined` members are dropped, as JSON does. */
export function canonicalJson(value: unknown): string {
  // Plain JSON data with its keys in order already (the hot path: rendered inputs) is written by
  // the native serializer in one pass; other plain JSON data (~4x faster than the package) is
  // written here, key-sorted; anything else (toJSON, non-finite numbers, surrogates) goes to
  // `canonicalize`, which also owns the errors. tests/compiler/content-key.test.ts checks they agree.
  if (stringifiesCanonically(value)) return JSON.stringify(value);
  const fast = plainCanonical(value);
  if (fast !== undefined) return fast;
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonicalJson: value is not JSON-serialisable');
  return text;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** JCS of plain JSON data, or undefined for anything that needs the general canonicalizer. */
function plainCanonical(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return SURROGATE.test(value) ? undefined : JSON.stringify(value);
    case 'number':
      // ECMAScript's number serialization is the one RFC 8785 specifies.
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          const text = item === undefined ? 'null' : plainCanonical(item);
          if (text === undefined) return undefined;
          out += i === 0 ? text : `,${text}`;
        }
        return `${out}]`;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
        return undefined;
      // UTF-16 code unit order, as RFC 8785 requires (sorted only when not already).
      const keys = sortedKeys(value);
      let out = '{';
      let first = true;
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue;
        const text = plainCanonical(item);
        if (text === undefined || SURROGATE.test(key)) return undefined;
        out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

export function sha256Hex(text: string | Uint8Array): string {
  // One-shot `crypto.hash` (Node >= 20.12) is ~1.6x faster than createHash for short inputs.
  if (typeof text === 'string') return hash('sha256', text, 'hex');
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 hex of the canonical JSON of a value: a digest of configuration or data. */
export function digestOf(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

export interface KeyComponents {
  kind: string;
  /** Version of the code computing the step. */
  code: string;
  /** The step's own configuration (or its digest). */
  config: unknown;
  /** Keys or digests of the step's inputs, in a fixed order. */
  inputs: string[];
}

export function contentKey(components: KeyComponents): string {
  return KEY_PREFIX + digestOf(components);
}

/**
 * The same key as `contentKey` when the config is already a hex digest and the inputs are
 * keys, built without a generic canonicalizer: a hot path for per-example downstream steps.
 * The string is exactly the JCS form of `{code, config, inputs, kind}` because every member
 * is ASCII without characters JSON escapes.
 */
export function deriveKey(
  kind: string,
  code: string,
  configDigest: string,
  inputs: readonly string[],
): string {
  return keyOf(derivedKeyText(kind, code, configDigest), inputs);
}

/** The parts of a derived key's canonical text around its inputs: fixed for one step of one group. */
export interface DerivedKeyText {
  /** `{"code":…,"config":"…","inputs":[` */
  head: string;
  /** `],"kind":…}` */
  tail: string;
}

/** The fixed parts of `deriveKey(kind, code, configDigest, …)`'s text, to build many keys from. */
export function derivedKeyText(kind: string, code: string, configDigest: string): DerivedKeyText {
  return {
    head: `{"code":${JSON.stringify(code)},"config":"${configDigest}","inputs":[`,
    tail: `],"kind":${JSON.stringify(kind)}}`,
  };
}

/** `deriveKey` from its fixed parts and the step's inputs. */
export function keyOf(text: DerivedKeyText, inputs: readonly string[]): string {
  let canonical = text.head;
  for (let i = 0; i < inputs.length; i++) canonical += (i > 0 ? ',"' : '"') + inputs[i] + '"';
  return KEY_PREFIX + sha256Hex(canonical + text.tail);
}
