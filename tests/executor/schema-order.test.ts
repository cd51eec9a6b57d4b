import { describe, expect, it } from 'vitest';
import { reorderedLists } from '../../src/executor/schema-order.js';

describe('reorderedLists: schemas that differ only in list order', () => {
  const base = {
    type: 'object',
    required: ['q', 'lang', 'mode'],
    properties: { mode: { enum: ['a', 'b'] }, q: { type: 'string' } },
  };

  it('names each reordered list by its path', () => {
    const moved = {
      type: 'object',
      required: ['mode', 'q', 'lang'],
      properties: { q: { type: 'string' }, mode: { enum: ['b', 'a'] } },
    };
    expect(reorderedLists(base, moved)).toEqual(['required', 'properties.mode.enum']);
  });

  it('finds nothing reordered in equal schemas, whatever their key order', () => {
    expect(
      reorderedLists(base, { properties: base.properties, required: base.required, type: 'object' }),
    ).toEqual([]);
  });

  it('is undefined when the schemas differ otherwise', () => {
    expect(reorderedLists(base, { ...base, required: ['q', 'lang'] })).toBeUndefined();
    expect(reorderedLists(base, { ...base, required: ['q', 'lang', 'user'] })).toBeUndefined();
    expect(reorderedLists(base, { ...base, type: 'array' })).toBeUndefined();
    expect(reorderedLists(base, { ...base, extra: true })).toBeUndefined();
    // A list of objects moved and one of them edited is a change, not a reorder.
    expect(reorderedLists({ allOf: [{ a: 1 }, { b: 2 }] }, { allOf: [{ b: 3 }, { a: 1 }] })).toBeUndefined();
    expect(reorderedLists({ allOf: [{ a: 1 }, { b: 2 }] }, { allOf: [{ b: 2 }, { a: 1 }] })).toEqual([
      'allOf',
    ]);
  });
});
