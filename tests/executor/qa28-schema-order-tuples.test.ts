/**
 * QA28: the RAIP drift hint (0b5830a) says two schemas "differ only in the order of" a list and to
 * publish it sorted. That holds for JSON Schema's set-like lists (`required`, `enum`, `type`,
 * `allOf`…), not for positional ones: swapped `prefixItems` is another schema.
 */
import { describe, expect, it } from 'vitest';
import { reorderedLists } from '../../src/executor/schema-order.js';

const tuple = (first: string, second: string) => ({
  type: 'object',
  properties: { pair: { type: 'array', prefixItems: [{ type: first }, { type: second }] } },
});

describe('reorderedLists and lists whose order matters', () => {
  it('swapped tuple positions (prefixItems) are a change, not a reorder', () => {
    expect(reorderedLists(tuple('string', 'integer'), tuple('integer', 'string'))).toBeUndefined();
  });

  it('a draft-07 tuple (items as a list) swapped is a change too', () => {
    expect(
      reorderedLists(
        { items: [{ type: 'string' }, { const: 1 }] },
        { items: [{ const: 1 }, { type: 'string' }] },
      ),
    ).toBeUndefined();
  });

  it('a const or default list in another order is a change', () => {
    expect(reorderedLists({ const: [1, 2] }, { const: [2, 1] })).toBeUndefined();
    expect(reorderedLists({ default: ['a', 'b'] }, { default: ['b', 'a'] })).toBeUndefined();
  });

  it('set-like lists in another order are still named', () => {
    expect(
      reorderedLists(
        { required: ['a', 'b'], properties: { a: { type: ['string', 'null'], enum: ['x', 'y'] } } },
        { required: ['b', 'a'], properties: { a: { type: ['null', 'string'], enum: ['y', 'x'] } } },
      ),
    ).toEqual(['required', 'properties.a.type', 'properties.a.enum']);
  });
});
