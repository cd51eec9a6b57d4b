/**
 * Integers a JSON reply holds that a JavaScript number cannot (QA24). Python's `json.dumps`
 * writes an `int` with all its digits (`12345678901234567891`), and `JSON.parse` reads it as the
 * nearest double (`12345678901234567000`): an id or an account number changes without a word,
 * and two different ids can compare equal once both are rounded. Datasets warn about such
 * literals (`EVALC_DATASET_NUMBER_PRECISION`); this finds them in an agent's reply text so an
 * adapter can say so too. Only integer literals count: a float was a double on the agent's side
 * already.
 */

import type { TrajectoryEvent } from './types.js';

/** The first integer literal (outside strings) beyond ±(2^53 − 1) in a JSON text, else undefined. */
export function firstUnsafeInteger(text: string): string | undefined {
  if (!/\d{16}/.test(text)) return undefined; // 2^53 has 16 digits: a shorter run is always safe
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) {
      inString = true;
      continue;
    }
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) continue;
    const match = NUMBER.exec(text.slice(i, i + 400));
    if (!match) continue;
    const literal = match[0];
    i += literal.length - 1;
    if (match[1] !== undefined || match[2] !== undefined) continue; // fraction or exponent: a float
    const digits = literal.replace('-', '');
    if (digits.length >= 16 && BigInt(digits) > MAX_SAFE) return literal;
  }
  return undefined;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A `compat_warning` event (`number_precision`, with the literal as sent) when a reply's text
 * holds an integer a JavaScript number cannot keep: the HTTP adapters add it to the trajectory, so
 * the drill-down shows why an id no longer matches (the run goes on with the rounded value).
 */
export function numberPrecisionEvents(text: string | undefined, turn: number): TrajectoryEvent[] {
  const literal = text === undefined ? undefined : firstUnsafeInteger(text);
  return literal === undefined
    ? []
    : [{ turn, type: 'compat_warning', data: { warning: 'number_precision', literal } }];
}
