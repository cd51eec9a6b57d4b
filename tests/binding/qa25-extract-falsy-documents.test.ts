/**
 * QA25 (mutation audit): an agent whose whole reply is a falsy JSON value (0, false, "") — the
 * extraction must search that value, not null (JMESPath spec: `@` is the current node, so
 * `search('@', 0)` is 0). Reading `document || null` instead of `document ?? null` passed every
 * test, and would have reported such replies as missing outputs.
 */
import { describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';

function extract(output: Record<string, string>, document: unknown) {
  const compiled = compileExtraction(output);
  if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('; '));
  return compiled.extraction.run(document);
}

describe('extraction from a falsy reply', () => {
  it.each([0, false, ''])('extracts %j with `@`, and does not call it missing', (document) => {
    expect(extract({ answer: '@' }, document)).toEqual({
      ok: true,
      values: { answer: document },
      missing: [],
    });
  });

  it('calls an output missing when the reply has no such field, and when there is no reply', () => {
    expect(extract({ answer: 'answer' }, { other: 1 })).toEqual({
      ok: true,
      values: { answer: null },
      missing: ['answer'],
    });
    expect(extract({ answer: '@' }, undefined)).toEqual({
      ok: true,
      values: { answer: null },
      missing: ['answer'],
    });
  });
});
