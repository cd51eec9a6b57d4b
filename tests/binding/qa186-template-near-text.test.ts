/**
 * QA186: a template parse error quotes the text near it, cut by UTF-16 units: an emoji at the cut
 * left half of itself in the message (`near \`{{#if q}}{{else}}{{else}}z\ud83d\``), a lone
 * surrogate in stderr, --json and the reports. The half is dropped.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, type TemplateError } from '../../src/binding/template.js';

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('the text a template parse error quotes', () => {
  it('holds no half of an emoji, wherever the cut falls', () => {
    for (let k = 0; k < 24; k++) {
      for (const source of [
        `${'x'.repeat(k)}😀${'y'.repeat(20)} {{#if q}}{{else}}{{else}}{{/if}}`,
        `{{#if q}}{{else}}{{else}}${'z'.repeat(k)}${'😀'.repeat(12)}{{/if}}`,
      ]) {
        const errors: TemplateError[] = [];
        compileTemplate({ query: source }, errors);
        expect(errors).toHaveLength(1);
        expect(errors[0]!.message, source).toMatch(/near `/);
        expect(LONE.test(errors[0]!.message), errors[0]!.message).toBe(false);
      }
    }
  });

  it('is text of the line the error is on, not lines joined (QA191)', () => {
    // The parser drops line breaks from its excerpt: `first⏎x {{q=}}` of a `|` block read near `firstx {{q=}}`.
    const near = (source: string) => {
      const errors: TemplateError[] = [];
      compileTemplate({ query: source }, errors);
      return /near `([^`]*)`/.exec(errors[0]?.message ?? '')?.[1];
    };
    expect(near('first\nx {{q=}}\n')).toBe('x {{q=}}');
    expect(near('first line here\nsecond {{q=}} tail\nthird')).toBe('second {{q=}} tail');
    expect(near('x {{q=}}')).toBe('x {{q=}}');
  });

  it('is no grammar talk for a `{{` left open before a last blank or line break (QA191)', () => {
    // `x {{q ⏎`, as a `|` block ends, read 'Parse error … Expecting 'CLOSE_RAW_BLOCK', 'CLOSE', … got 'EOF''.
    for (const source of ['x {{q \n', 'x {{q', 'first\n{{#if q \n']) {
      const errors: TemplateError[] = [];
      compileTemplate({ query: source }, errors);
      expect(errors.map((e) => e.message)).toEqual(['a `{{` is not closed with `}}`']);
    }
  });

  it('names a NUL the lexer cannot read, at it (QA191)', () => {
    // It read 'Lexical error on line 1. Unrecognized text. near `ab\u0000c {{q}}`: ----^'.
    const errors: TemplateError[] = [];
    compileTemplate({ query: 'ab\0c {{q}}' }, errors);
    expect(errors.map((e) => [e.message, e.offset])).toEqual([
      ['a NUL character (U+0000) cannot stand in a template', 2],
    ]);
  });
});
