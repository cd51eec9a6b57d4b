/**
 * Integers a JSON reply holds that a JavaScript number cannot (QA24). Python's `json.dumps`
 * writes an `int` with all its digits (`12345678901234567891`), and `JSON.parse` reads it as the
 * nearest double (`12345678901234567000`): an id or an account number changes without a word,
 * and two different ids can compare equal once both are rounded. Datasets warn about such
 * literals (`EVALC_DATASET_NUMBER_PRECISION`); this finds them in an agent's reply text so an
 * adapter can say so too. Only integer literals count: a float was a double on the agent's side
 * already. Python's bare NaN / Infinity, which evalc reads as null, are said the same way.
 */

import { MAY_OVERFLOW } from './bounded-json.js';
import { STOP, scanOutsideStrings } from './json-text-scan.js';
import type { TrajectoryEvent } from './types.js';

/** The first integer literal (outside strings) beyond ±(2^53 − 1) in a JSON text, else undefined. */
export function firstUnsafeInteger(text: string): string | undefined {
  if (!/\d{16}/.test(text)) return undefined; // 2^53 has 16 digits: a shorter run is always safe
  let found: string | undefined;
  scanOutsideStrings(text, (i, code) => {
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) return i;
    const match = NUMBER.exec(text.slice(i, i + 400));
    if (!match) return i;
    const literal = match[0];
    const end = i + literal.length - 1;
    if (match[1] !== undefined || match[2] !== undefined) return end; // fraction or exponent: a float
    const digits = literal.replace('-', '');
    if (digits.length < 16 || BigInt(digits) <= MAX_SAFE) return end;
    found = literal;
    return STOP;
  });
  return found;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A `compat_warning` event (`number_precision`, with the literal as sent) when a reply's text
 * holds an integer a JavaScript number cannot keep: the HTTP adapters add it to the trajectory, so
 * the drill-down shows why an id no longer matches (the run goes on with the rounded value).
 */
export function numberPrecisionEvents(text: string | undefined, turn: number): TrajectoryEvent[] {
  if (text === undefined) return [];
  const literal = firstUnsafeInteger(text);
  const nonFinite = firstNonFinite(text);
  const events: TrajectoryEvent[] = [];
  if (literal !== undefined)
    events.push({ turn, type: 'compat_warning', data: { warning: 'number_precision', literal } });
  // Python's NaN / Infinity, read as null (bounded-json.ts): an extraction that then finds no
  // value is explained in the drill-down (QA34).
  if (nonFinite !== undefined)
    events.push({ turn, type: 'compat_warning', data: { warning: 'non_finite_number', literal: nonFinite } });
  return events;
}

const NON_FINITE = ['-Infinity', 'Infinity', 'NaN'];

/**
 * The first bare NaN / Infinity / -Infinity token, or number literal beyond the double range
 * (`1e400`, also read as null: bounded-json.ts), outside strings of a reply text, else undefined.
 */
export function firstNonFinite(text: string): string | undefined {
  const words = /NaN|Infinity/.test(text);
  const overflow = MAY_OVERFLOW.test(text);
  if (!words && !overflow) return undefined;
  let found: string | undefined;
  scanOutsideStrings(text, (i, code) => {
    const literal =
      overflow && (code === 0x2d || (code >= 0x30 && code <= 0x39))
        ? NUMBER.exec(text.slice(i, i + 1000))?.[0]
        : undefined;
    if (literal !== undefined) {
      if (Number.isFinite(Number(literal))) return i + literal.length - 1;
      found = literal;
      return STOP;
    }
    if (words) found = NON_FINITE.find((word) => text.startsWith(word, i));
    return found === undefined ? i : STOP;
  });
  return found;
}
