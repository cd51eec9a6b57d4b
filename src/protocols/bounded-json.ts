/**
 * JSON from agents and judges, parsed with a nesting limit (and Python's NaN/Infinity, and numbers beyond
 * the double range such as `1e400`, read as null). `JSON.parse` reads 100,000 levels,
 * but everything evalc does with a reply afterwards — the cache's `JSON.stringify`, RFC 8785
 * canonicalisation, extraction — recurses, and overflowed the stack at a few thousand levels
 * (QA9: a 10,000-level reply crashed `apply` with "Maximum call stack size exceeded" on every
 * run). A reply nested deeper than `MAX_JSON_DEPTH` is refused as a value instead; Python's own
 * `json` module stops near 1,000 levels, so no agent written against it sends more.
 *
 * The depth is measured on the text (a character scan, skipping strings) before parsing, and
 * only for texts with more opening brackets than the limit (counted with `indexOf`), so an
 * ordinary reply pays a few native searches (measured here: 0.5 µs for a 900-character reply and
 * 4 µs for a 14,500-character one, whose JSON.parse take 2.7 and 48 µs; the full scan took 6.5
 * and 90 µs).
 */

import { STOP, scanOutsideStrings } from './json-text-scan.js';

export const MAX_JSON_DEPTH = 512;

export type BoundedJson = { ok: true; value: unknown } | { ok: false; reason: 'invalid' | 'too_deep' };

export function parseBoundedJson(text: string, maxDepth = MAX_JSON_DEPTH): BoundedJson {
  if (exceedsJsonDepth(text, maxDepth)) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: parseFinite(text) };
  } catch {
    // Python's json.dumps (Flask's jsonify, AgentV's own sample agent) writes NaN and ±Infinity
    // for such floats, and Python clients read them back: evalc reads them as null.
    const finite = nullifyNonFinite(text);
    if (finite === undefined) return { ok: false, reason: 'invalid' };
    try {
      return { ok: true, value: parseFinite(finite) };
    } catch {
      return { ok: false, reason: 'invalid' };
    }
  }
}

const NON_FINITE = ['NaN', 'Infinity', '-Infinity'];

/**
 * A number literal beyond the double range (`1e400`, 400 digits) is valid JSON that `JSON.parse`
 * reads as ±Infinity, which nothing after it can keep: RFC 8785 canonicalisation throws on it (a
 * `consistency` rollup crashed the run with a stack trace, QA50), the cache's `JSON.stringify`
 * writes it as null (so a cached run differed from the run that cached it), `repetition_rate`
 * failed. Such a literal is read as null, as Python's `Infinity` is; only texts that may hold one
 * (an exponent of three digits or more, a run of 309 digits) pay for the reviver; the check is
 * linear in the text.
 */
// (a run of digits is matched from the character before it: `\d{309}` alone retried at every
// digit, and took 7 s on a 16 MB reply of 308-digit runs)
export const MAY_OVERFLOW = /\d[eE][+-]?\d{3}|(?:^|\D)\d{309}/;

function parseFinite(text: string): unknown {
  if (!MAY_OVERFLOW.test(text)) return JSON.parse(text) as unknown;
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? null : value,
  ) as unknown;
}

/** The text with bare NaN / Infinity / -Infinity tokens (outside strings) as null; undefined if none. */
function nullifyNonFinite(text: string): string | undefined {
  if (!/NaN|Infinity/.test(text)) return undefined;
  const parts: string[] = [];
  let from = 0;
  scanOutsideStrings(text, (i) => {
    const token = NON_FINITE.find((word) => text.startsWith(word, i));
    if (token === undefined) return i;
    parts.push(text.slice(from, i), 'null');
    from = i + token.length;
    return from - 1;
  });
  if (parts.length === 0) return undefined;
  parts.push(text.slice(from));
  return parts.join('');
}

/** Whether the JSON text opens more than `maxDepth` arrays/objects inside one another. */
export function exceedsJsonDepth(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  // a document `maxDepth + 1` levels deep has at least that many opening brackets: count them
  // natively first (indexOf), so the character scan runs only for texts that have that many
  if (text.length <= maxDepth || !hasMoreOpenings(text, maxDepth)) return false;
  let depth = 0;
  let deeper = false;
  scanOutsideStrings(text, (i, code) => {
    if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > maxDepth) {
        deeper = true;
        return STOP;
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
    return i;
  });
  return deeper;
}

function hasMoreOpenings(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      count++;
      if (count > limit) return true;
    }
  }
  return false;
}

/** The message tail for a refused reply. */
export const TOO_DEEP = `nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels`;
