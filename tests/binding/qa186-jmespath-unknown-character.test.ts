/**
 * QA186: a character the JMESPath lexer refuses was quoted as one UTF-16 unit — half of an emoji,
 * `unknown character: \ud83d`, a lone surrogate in stderr, --json and the reports — and an
 * invisible one (U+2028) as itself. It is named whole, with its code point.
 */
import { describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';

const messageOf = (expression: string) => {
  const result = compileExtraction({ answer: expression });
  return result.ok ? undefined : result.errors[0]?.message;
};

describe('a character the JMESPath lexer refuses', () => {
  it('is named whole, with its code point', () => {
    expect(messageOf('output.😀.x')).toBe('Syntax error: unknown character: 😀 (U+1F600)');
    expect(messageOf('output.answer\u2028.x')).toBe('Syntax error: unknown character: (U+2028)');
    expect(messageOf('output.é')).toBe('Syntax error: unknown character: é (U+00E9)');
    expect(messageOf('output.a # b')).toBe('Syntax error: unknown character: #');
  });

  it('is the one refused, not an earlier one of the same first half in a string (QA191)', () => {
    // 😀 and 🙂 share their first UTF-16 unit: the first in the expression was named, the caret on 🙂.
    expect(messageOf("output.a == '😀' || output.b🙂")).toBe('Syntax error: unknown character: 🙂 (U+1F642)');
  });
});
