/**
 * QA31: plain JSON whose objects have their keys in order already is canonicalised by the native
 * `JSON.stringify` (one pass, no string per member). Both canonicalisers (request bodies,
 * content keys) must still give the RFC 8785 text of the `canonicalize` package, and hand every
 * value that is not such data to their other paths.
 */
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson as keyCanonicalJson } from '../../src/compiler/content-key.js';
import { canonicalJson, stringifiesCanonically } from '../../src/protocols/canonical-json.js';

/**
 * A copy of a JSON value with every object's keys inserted in UTF-16 order. `Object.fromEntries`
 * defines each key as an own property: `out[key] = …` would set the prototype for a `__proto__`
 * key (which fast-check's jsonValue generates, as JSON.parse does) and drop it from the copy.
 */
function keySorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keySorted);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, keySorted(record[key])]),
  );
}

describe('canonical JSON through JSON.stringify', () => {
  it('gives the package text for key-sorted and unsorted JSON values alike', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = canonicalize(value);
        for (const v of [value, keySorted(value)]) {
          expect(canonicalJson(v)).toBe(expected);
          expect(keyCanonicalJson(v)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps an own `__proto__` key (JSON.parse makes one) in both canonicalisers', () => {
    const value = JSON.parse('{"b":1,"__proto__":""}') as unknown;
    for (const v of [value, keySorted(value)]) {
      expect(canonicalJson(v)).toBe('{"__proto__":"","b":1}');
      expect(keyCanonicalJson(v)).toBe('{"__proto__":"","b":1}');
    }
  });

  it('takes the one-pass path only for key-sorted plain data', () => {
    expect(stringifiesCanonically({ context: { attempt: 0, trace: false }, input: { q: 'é😀' } })).toBe(true);
    expect(stringifiesCanonically({ b: 1, a: 2 })).toBe(false);
    // integer-like keys come first in property order: "10" before "9" is not UTF-16 order
    expect(stringifiesCanonically({ 9: 'x', 10: 'y' })).toBe(false);
    expect(stringifiesCanonically({ a: '\uD800' })).toBe(false);
    expect(stringifiesCanonically({ a: Number.NaN })).toBe(false);
    expect(stringifiesCanonically([1, undefined])).toBe(false);
    expect(stringifiesCanonically({ toJSON: 'not a function' })).toBe(false);
    expect(stringifiesCanonically(new Date(0))).toBe(false);
    expect(stringifiesCanonically({ a: () => 1 })).toBe(false);
  });

  it('keeps the results of the values it hands on', () => {
    const values: unknown[] = [
      { 9: 'x', 10: 'y', a: [1, -0, 1e21, 0.1] },
      { b: undefined, a: 1 },
      { a: 'x', b: undefined },
      { toJSON: 'plain', a: 1 },
      Object.assign(Object.create(null), { a: 1, b: [true, null] }),
      { z: { y: { x: 'é' } }, a: '😀' },
    ];
    for (const value of values) {
      expect(canonicalJson(value)).toBe(canonicalize(value));
      expect(keyCanonicalJson(value)).toBe(canonicalize(value));
    }
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
    expect(() => keyCanonicalJson({ a: '\uDC00' })).toThrow();
  });
});
