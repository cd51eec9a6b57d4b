/**
 * QA30: the duplicate-id check of a dataset keeps ids in a Set and builds the id → first position
 * Map only at the first duplicate. It must answer exactly as the Map it replaced: every repeat of
 * an id names where that id was first seen, before and after the first duplicate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstSeen } from '../../src/compiler/first-seen.js';

describe('FirstSeen', () => {
  it('names the first position of every repeated id, also for ids added after the first duplicate', () => {
    const seen = new FirstSeen<number>();
    expect(seen.claim('a', 1)).toBeUndefined();
    expect(seen.claim('b', 2)).toBeUndefined();
    expect(seen.claim('a', 3)).toBe(1);
    expect(seen.claim('c', 4)).toBeUndefined();
    expect(seen.claim('c', 5)).toBe(4);
    expect(seen.claim('a', 6)).toBe(1);
    expect(seen.claim('b', 7)).toBe(2);
  });

  it('answers as a Map of first positions would, for any sequence of ids', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'constructor', ''), { maxLength: 40 }),
        (ids) => {
          const seen = new FirstSeen<number>();
          const reference = new Map<string, number>();
          ids.forEach((id, at) => {
            const expected = reference.get(id);
            if (expected === undefined) reference.set(id, at);
            expect(seen.claim(id, at)).toBe(expected);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
