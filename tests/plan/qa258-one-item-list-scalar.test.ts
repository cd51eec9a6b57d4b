/**
 * QA258: the one-item-list hint (0d7c3d3, QA254) wrote an item YAML reads as another type plain:
 * `include: "true"` was hinted `include: [true]`, a list of a boolean, and `include: 2024` (a
 * number) `include: [2024]`, a list of a number, each refused again as not text (every list the
 * plan takes is of texts). Such an item is double-quoted; an item read as text stays plain.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { includeHintFor as hintFor } from '../fixtures/include-hint.js';

describe('the list a one-value include is hinted, its items as text (QA258)', () => {
  it.each([
    ['"true"', 'include: ["true"]', ['true']],
    ['"null"', 'include: ["null"]', ['null']],
    ['"~"', 'include: ["~"]', ['~']],
    ['2024', 'include: ["2024"]', ['2024']],
    ['"1.5, a.yaml"', 'include: ["1.5", a.yaml]', ['1.5', 'a.yaml']],
    ['"yes.yaml"', 'include: [yes.yaml]', ['yes.yaml']],
  ])('include: %s → %s', async (written, line, items) => {
    const hint = await hintFor(written);
    expect(hint).toBe(`write a list, even of one item: ${line}`);
    expect(parse(line)).toEqual({ include: items });
  });
});
