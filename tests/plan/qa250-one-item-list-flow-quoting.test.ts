/**
 * QA250: the one-item-list hint (QA161, QA243) wrote each item as it came: `include: ","` was
 * hinted `include: [,]` and `include: "a.yaml, [x].yaml"` `[a.yaml, [x].yaml]` — the first a YAML
 * error, the second a nested list. A text of commas alone is `[]`; an item YAML would not read back
 * as that text is double-quoted; a plain one is written as it is.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { includeHintFor as hintFor } from '../fixtures/include-hint.js';

describe('the list a one-text include is hinted (QA250)', () => {
  it.each([
    ['","', 'include: []', []],
    ['"a.yaml, [x].yaml"', 'include: [a.yaml, "[x].yaml"]', ['a.yaml', '[x].yaml']],
    ['"#x.yaml, b.yaml"', 'include: ["#x.yaml", b.yaml]', ['#x.yaml', 'b.yaml']],
    ['a.yaml,', 'include: [a.yaml]', ['a.yaml']],
    ['shared/a-b_c.yaml', 'include: [shared/a-b_c.yaml]', ['shared/a-b_c.yaml']],
  ])('include: %s → %s, which YAML reads back', async (written, line, items) => {
    const hint = await hintFor(written);
    expect(hint).toBe(`write a list, even of one item: ${line}`);
    expect(parse(line)).toEqual({ include: items });
  });
});
