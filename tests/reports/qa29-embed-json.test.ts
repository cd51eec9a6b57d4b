/**
 * report.html carries its rows as JSON inside a <script> element; `embedJson` escapes what could
 * end the element or break the script in one pass (it made five passes over megabytes of JSON).
 * The text must stay the one the five passes gave, and read back to the same value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedJson } from '../../src/reports/html.js';

/** The five-pass escaping report.html used before, as the reference. */
function fivePasses(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

describe('embedJson', () => {
  it('escapes <, >, & and the line separators as \\u00XX, and nothing else', () => {
    const value = { a: '</script><!-- x && y -->', b: ['\u2028', '\u2029', 'é — ✓'], c: 1 };
    const text = embedJson(value);
    expect(text).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!-- x \\u0026\\u0026 y --\\u003e","b":["\\u2028","\\u2029","é — ✓"],"c":1}',
    );
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('returns the JSON itself when nothing needs escaping', () => {
    expect(embedJson({ rows: [{ id: 'a1/t1/d1/e0', pass: true }] })).toBe(
      '{"rows":[{"id":"a1/t1/d1/e0","pass":true}]}',
    );
  });

  it('gives the text of the five-pass escaping for any JSON value', () => {
    const text = fc.string({ unit: fc.constantFrom('<', '>', '&', '\u2028', '\u2029', 'a', '"', '\\', 'é') });
    fc.assert(
      fc.property(fc.oneof(text, fc.array(text), fc.dictionary(text, text)), (value) => {
        expect(embedJson(value)).toBe(fivePasses(value));
      }),
      { numRuns: 300 },
    );
  });
});
