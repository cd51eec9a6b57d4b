/**
 * The dataset fast path (`simpleExample`) must return exactly what `exampleSchema` returns —
 * same values, same key order — or step aside (undefined) so zod decides and reports.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simpleExample } from '../../src/compiler/example-shape.js';
import { exampleSchema } from '../../src/plan/schema.js';

const json = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly simple rows, with the near misses the fast path must refuse. */
const row = fc
  .record(
    {
      id: fc.oneof({ arbitrary: fc.string(), weight: 6 }, fc.integer(), fc.constant(null)),
      vars: fc.oneof(
        { arbitrary: fc.dictionary(fc.string(), json), weight: 6 },
        fc.array(json),
        fc.string(),
        fc.constant(null),
      ),
      expected: json,
      weight: fc.oneof(fc.double(), { arbitrary: fc.integer({ min: -2, max: 5 }), weight: 4 }, fc.string()),
      extra: maybe(fc.constantFrom('tags', 'turns', 'human', 'zzz', '__proto__')),
    },
    { requiredKeys: [] },
  )
  .map(({ extra, ...r }) => (extra === undefined ? r : JSON.parse(JSON.stringify({ ...r, [extra]: ['x'] }))));

describe('dataset fast path', () => {
  it('returns what exampleSchema returns (values and key order) whenever it answers', () => {
    let fast = 0;
    fc.assert(
      fc.property(row, (value) => {
        const simple = simpleExample(value);
        const parsed = exampleSchema.safeParse(value);
        if (simple === undefined) return;
        fast++;
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(simple)).toBe(JSON.stringify(parsed.data));
        expect(Object.keys(simple)).toEqual(Object.keys(parsed.data ?? {}));
      }),
      { numRuns: 2000 },
    );
    expect(fast).toBeGreaterThan(50);
  });

  it('takes the usual {id, vars, expected} row and defaults weight and vars', () => {
    expect(simpleExample({ id: 'e1', vars: { q: 'a' }, expected: { codes: ['x'] } })).toEqual({
      id: 'e1',
      vars: { q: 'a' },
      expected: { codes: ['x'] },
      weight: 1,
    });
    expect(Object.keys(simpleExample({ weight: 2, id: 'e2' }) ?? {})).toEqual(['id', 'vars', 'weight']);
  });

  it('leaves numeric ids, negative or infinite weights, extra fields and __proto__ vars to zod', () => {
    expect(simpleExample({ id: 7 })).toBeUndefined();
    expect(simpleExample({ id: 'a', weight: -1 })).toBeUndefined();
    expect(simpleExample({ id: 'a', weight: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(simpleExample({ id: 'a', tags: ['x'] })).toBeUndefined();
    expect(simpleExample({ id: 'a', vars: JSON.parse('{"__proto__": 1}') })).toBeUndefined();
    expect(simpleExample({ id: 'a', vars: ['x'] })).toBeUndefined();
  });
});
