import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, parseBoundedJson } from '../../src/protocols/bounded-json.js';
import { firstUnsafeInteger } from '../../src/protocols/unsafe-integer.js';

// Strings with an escaped quote hold what would count outside one: each check must skip it all.
const TRICKY = '"say \\"NaN\\" [[[ 12345678901234567891 \\\\"';

describe('checks on a JSON text skip its strings, escapes included', () => {
  it('reads NaN and Infinity outside strings as null, and leaves them inside', () => {
    expect(parseBoundedJson(`{"a": NaN, "b": ${TRICKY}, "c": [Infinity, -Infinity]}`)).toEqual({
      ok: true,
      value: { a: null, b: 'say "NaN" [[[ 12345678901234567891 \\', c: [null, null] },
    });
  });

  it('finds the first integer beyond 2^53 outside strings only', () => {
    expect(firstUnsafeInteger(`{"s": ${TRICKY}, "n": 9007199254740991}`)).toBeUndefined();
    expect(firstUnsafeInteger(`{"s": ${TRICKY}, "n": -9007199254740993, "m": 1e30}`)).toBe(
      '-9007199254740993',
    );
    expect(firstUnsafeInteger('{"f": 12345678901234567891.5, "e": 12345678901234567891e0}')).toBeUndefined();
  });

  it('counts nesting outside strings only', () => {
    expect(exceedsJsonDepth(`[[[${TRICKY}]]]`, 3)).toBe(false);
    expect(exceedsJsonDepth('[[[[1]]]]', 3)).toBe(true);
  });
});
