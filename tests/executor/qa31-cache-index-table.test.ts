/**
 * QA31: the cache index finds keys through its own open-addressing table (a step key's first 8
 * hex digits are its hash) instead of a `Map`. It must answer as the `Map` did: later entries win
 * in the key's first place, a deleted key is gone (and goes last if set again), keys that share
 * a hash (`k1:<sha>` and `k1:<sha>#last-error`, crafted prefixes, non-hex keys) stay apart, and
 * the order of `keys()`/`entries()` is insertion order through growth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CacheIndex, keyHash } from '../../src/executor/cache-index.js';

describe('CacheIndex table', () => {
  it('keeps keys that share a hash apart', () => {
    const sha = 'ab'.repeat(32);
    const keys = [
      `k1:${sha}`,
      `k1:${sha}#last-error`,
      `k1:abababab${'0'.repeat(56)}`,
      'schema:sha256:00',
      'k1:not-hex',
      'k1:',
      '',
    ];
    expect(keyHash(keys[0]!)).toBe(keyHash(keys[1]!));
    expect(keyHash(keys[0]!)).toBe(keyHash(keys[2]!));
    const index = new CacheIndex();
    keys.forEach((key, i) => {
      index.set(key, i * 10, i, `kind${i}`);
    });
    keys.forEach((key, i) => {
      expect(index.get(key)).toEqual({ offset: i * 10, length: i, kind: `kind${i}` });
    });
    index.delete(keys[1]!);
    expect(index.has(keys[1]!)).toBe(false);
    expect(index.get(keys[0]!)?.offset).toBe(0);
    expect(index.get(keys[2]!)?.offset).toBe(20);
    expect(index.size).toBe(keys.length - 1);
  });

  it('answers like a Map through growth, supersedes and deletes', () => {
    const op = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 400 }), offset: fc.nat() }),
      fc.record({ del: fc.integer({ min: 0, max: 400 }) }),
    );
    // keys crowded on few hashes (2 hex digits vary) and plain ones
    const keyOf = (i: number) =>
      i % 3 === 0 ? `k1:${(i % 7).toString(16).padStart(8, '0')}${i}` : `key-${i}`;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), (ops) => {
        const index = new CacheIndex();
        const map = new Map<string, number>();
        for (const o of ops) {
          if ('set' in o) {
            index.set(keyOf(o.set), o.offset, 1, 'score');
            map.set(keyOf(o.set), o.offset);
          } else {
            index.delete(keyOf(o.del));
            map.delete(keyOf(o.del));
          }
        }
        expect(index.size).toBe(map.size);
        expect([...index.keys()]).toEqual([...map.keys()]);
        expect([...index.entries()].map(([k, e]) => [k, e.offset])).toEqual([...map.entries()]);
        for (let i = 0; i <= 400; i++) expect(index.get(keyOf(i))?.offset).toBe(map.get(keyOf(i)));
      }),
      { numRuns: 60 },
    );
  });

  it('holds a hundred thousand step keys, each found at its position', () => {
    const index = new CacheIndex();
    const keys: string[] = [];
    for (let i = 0; i < 100_000; i++) keys.push(`k1:${(i * 2654435761) >>> 0}`.padEnd(67, 'f'));
    keys.forEach((key, i) => {
      index.set(key, i, i % 500, 'invoke');
    });
    expect(index.size).toBe(new Set(keys).size);
    for (let i = 0; i < keys.length; i += 997)
      expect(index.offsetAt(index.slotOf(keys[i]!)!)).toBe(keys.lastIndexOf(keys[i]!));
    expect(index.has('k1:missing')).toBe(false);
  });
});
