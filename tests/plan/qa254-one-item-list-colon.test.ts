/**
 * QA254: the one-item-list hint (0d7c3d3) wrote an item ending in `:` plain, `include: "a.yaml:"`
 * hinted `include: [a.yaml:]`, which YAML reads as a mapping ({a.yaml: null}), and an item with a
 * tab before `#` plain, which YAML reads as a comment (a YAML error). Both are double-quoted; a `:`
 * inside a name (`a:b.yaml`) stays plain, as YAML reads it back.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { includeHintFor as hintFor } from '../fixtures/include-hint.js';

describe('the list a one-text include is hinted, as YAML reads it back (QA254)', () => {
  it.each([
    ['"a.yaml:, b.yaml"', 'include: ["a.yaml:", b.yaml]', ['a.yaml:', 'b.yaml']],
    ['"a.yaml\\t#x"', 'include: ["a.yaml\\t#x"]', ['a.yaml\t#x']],
    ['"a:b.yaml"', 'include: [a:b.yaml]', ['a:b.yaml']],
  ])('include: %s → %s', async (written, line, items) => {
    const hint = await hintFor(written);
    expect(hint).toBe(`write a list, even of one item: ${line}`);
    expect(parse(line)).toEqual({ include: items });
  });
});
