/**
 * Ground-truth hashing (`expected_sha256`): the lowercase hex sha256 of the RFC 8785 canonical
 * JSON of the normalised value (`normalizeForMode` with the metric's mode and normalisation
 * options; defaults: mode scalar, ignore_whitespace true). Compare with `matchesExpectedHash`,
 * which also accepts a `sha256:` prefix, upper-case hex and a pasted `sha256sum` line
 * (`<hex>  -`), and, for a text answer, the sha256 of the text itself (normalised, or exactly as
 * the candidate has it) with or without one trailing line break — what `printf %s answer |
 * sha256sum`, `echo answer | sha256sum` or `hashlib.sha256(answer)` gives a dataset author who
 * hashes the answer rather than its JSON form (`"Paris"` with quotes) — and for a non-text
 * answer, or a text's JSON form, the sha256 of its canonical JSON as it is (not normalised).
 */
import { createHash } from 'node:crypto';
import {
  type CompareMode,
  canonicalJson,
  type NormalizeOptions,
  normalizeForMode,
} from './normalize-value.js';

export interface HashOptions extends NormalizeOptions {
  mode?: CompareMode;
}

export function hashExpected(value: unknown, options: HashOptions = {}): string {
  const normalised = normalizeForMode(value, options.mode ?? 'scalar', options);
  return createHash('sha256').update(canonicalJson(normalised), 'utf8').digest('hex');
}

export function matchesExpectedHash(
  candidate: unknown,
  storedHash: string,
  options: HashOptions = {},
): boolean {
  // `sha256:<hex>`, upper case, or a line pasted from `sha256sum` (`<hex>  -`) all name the hex.
  const stored = (
    storedHash
      .trim()
      .toLowerCase()
      .replace(/^sha256:/, '')
      .split(/\s/)[0] ?? ''
  ).trim();
  if (hashExpected(candidate, options) === stored) return true;
  const normalised = normalizeForMode(candidate, options.mode ?? 'scalar', options);
  const texts = new Set<string>();
  if (typeof normalised === 'string') texts.add(normalised);
  // The candidate as it is: what the author hashed when it is exactly the answer (QA21: a text
  // with two spaces, hashed as written, never matched its own candidate after whitespace
  // collapsing).
  if (typeof candidate === 'string') texts.add(candidate);
  for (const text of texts) {
    // `echo answer | sha256sum` hashes a trailing line break too (QA21: the common recipe failed).
    if (sha256Text(text) === stored || sha256Text(`${text}\n`) === stored) return true;
  }
  // A set of numbers or of texts hashed as Python's `sorted(set(v))` orders it (QA40: numbers by
  // value, texts by code point; evalc's own form sorts by canonical JSON text, so [9, 10] was
  // [10, 9] and ["a", "a b"] was ["a b", "a"]).
  if (options.mode === 'set') {
    const natural = naturalSetOrder(normalizeForMode(candidate, 'set', options) as unknown[]);
    if (natural && sha256Text(canonicalJson(natural)) === stored) return true;
  }
  // The JSON form of the candidate as it is, a text too (QA40: Python's `json.dumps` of a
  // multi-line answer hashed "line\\n…" with its line break, never the collapsed text).
  if (candidate !== undefined) {
    try {
      if (sha256Text(canonicalJson(candidate)) === stored) return true;
    } catch {
      // Not JSON data (NaN, a lone surrogate): only the normalised forms above can match.
    }
  }
  return false;
}

/** The elements of a set of only numbers or only texts in Python's sort order, else undefined. */
function naturalSetOrder(items: unknown[]): unknown[] | undefined {
  if (items.every((x): x is number => typeof x === 'number')) return [...items].sort((a, b) => a - b);
  if (items.every((x): x is string => typeof x === 'string'))
    return [...items].sort((a, b) => {
      const x = [...a].map((c) => c.codePointAt(0) as number);
      const y = [...b].map((c) => c.codePointAt(0) as number);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      return x.length - y.length;
    });
  return undefined;
}

function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const SHA256_SPELLING = /^(sha256:)?[0-9a-f]{64}(\s+\S*)?$/i;
const OTHER_DIGESTS: Record<number, string> = { 32: 'an MD5', 40: 'a SHA-1', 128: 'a SHA-512' };

/**
 * Why a stored `expected_sha256` value can never match, if it cannot (QA21): the spellings
 * `matchesExpectedHash` reads are 64 hex digits, any case, an optional `sha256:` prefix, or a
 * pasted `sha256sum` line (`<hex>  -`). An MD5 from `md5sum`, a SHA-1, a truncated copy or a
 * number scores every such example 0 without a word.
 */
export function describeUnusableHash(value: unknown): string | undefined {
  if (typeof value === 'string' && SHA256_SPELLING.test(value.trim())) return undefined;
  if (typeof value !== 'string')
    return `a ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value}`;
  const text = value.trim();
  if (/^[0-9a-f]+$/i.test(text))
    return `${text.length} hex digits${OTHER_DIGESTS[text.length] ? ` (${OTHER_DIGESTS[text.length]}?)` : ''}`;
  return `"${text.length > 20 ? `${text.slice(0, 20)}…` : text}"`;
}
