/**
 * report.json serializes cached records through `sortedForJson`, which shares the parts of a
 * record that are already key-sorted instead of copying them (`sortKeys`). The text must be the
 * one `sortKeys` gives for any value, including keys that are array indexes (enumerated first),
 * `__proto__` and `toJSON` keys, undefined members, holes and non-plain objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedForJson, sortKeys } from '../../src/lockfile/serialize.js';

const same = (value: unknown) =>
  expect(JSON.stringify(sortedForJson(value), null, 2)).toBe(JSON.stringify(sortKeys(value), null, 2));

describe('sortedForJson', () => {
  it('serializes like sortKeys for arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        same(value);
      }),
      { numRuns: 300 },
    );
  });

  it('serializes like sortKeys for objects with index keys, __proto__, toJSON, undefined members and holes', () => {
    same(JSON.parse('{"b":1,"10":2,"2":3,"a":{"__proto__":{"x":1},"z":0}}'));
    same(JSON.parse('{"a":1,"__proto__":{"x":1}}'));
    const holey: unknown[] = [1, undefined];
    holey[3] = 3;
    same({ a: 1, b: undefined, c: holey, d: { y: 1, x: undefined } });
    same({ a: { toJSON: () => 'custom' }, b: new Date(0), c: Object.create(null) });
    same([{ z: 1, a: [{ d: 1, c: 2 }] }, 'x', null]);
  });

  it('returns a sorted value itself and copies only unsorted objects and what holds them', () => {
    const sorted = { a: { b: [1, { c: 1, d: 2 }] }, e: 'x' };
    expect(sortedForJson(sorted)).toBe(sorted);
    const inner = { a: 1, b: 2 };
    const mixed = { z: inner, a: [{ y: 1, x: 2 }] };
    const out = sortedForJson(mixed) as { z: unknown; a: unknown[] };
    expect(out).not.toBe(mixed);
    expect(Object.keys(out)).toEqual(['a', 'z']);
    expect(out.z).toBe(inner);
    expect(Object.keys(out.a[0] as object)).toEqual(['x', 'y']);
    // The input is untouched.
    expect(Object.keys(mixed)).toEqual(['z', 'a']);
  });
});
