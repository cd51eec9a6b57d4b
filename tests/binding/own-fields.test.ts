/**
 * Extraction reads only the reply's own keys: `output.constructor` on a reply without that key is
 * missing (null), not Object's function; `__proto__` is not Object.prototype; a reply that has
 * such a key gives its value.
 */
import { describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';

function extract(output: Record<string, string>, document: unknown) {
  const compiled = compileExtraction(output);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.extraction.run(document);
}

describe('extraction of keys every object inherits', () => {
  it('are missing when the reply does not have them', () => {
    const result = extract(
      {
        c: 'output.constructor',
        n: 'output.constructor.name',
        t: 'output.toString',
        p: 'output.__proto__',
        h: 'output.items[].hasOwnProperty',
        a: 'output.answer',
      },
      { output: { answer: 'yes', items: [{ x: 1 }] } },
    );
    expect(result).toEqual({
      ok: true,
      values: { c: null, n: null, t: null, p: null, h: [], a: 'yes' },
      missing: ['c', 'n', 't', 'p'],
    });
  });

  it('are read when the reply has them', () => {
    const document = JSON.parse('{"output":{"constructor":"c1","__proto__":{"valueOf":2}}}');
    const result = extract({ c: 'output.constructor', v: 'output.__proto__.valueOf' }, document);
    expect(result).toEqual({ ok: true, values: { c: 'c1', v: 2 }, missing: [] });
  });
});
