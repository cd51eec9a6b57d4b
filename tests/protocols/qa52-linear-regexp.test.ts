/**
 * QA52: protocols/regexp/regex-risk.ts flags patterns that can backtrack exponentially on V8 and
 * protocols/regexp/linear-regexp.ts runs them on RE2 with ECMAScript's verdicts (`\s`, `\S`, `.` spelled out).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGuardedRegExp } from '../../src/protocols/regexp/linear-regexp.js';
import { hasNestedQuantifier } from '../../src/protocols/regexp/regex-risk.js';

describe('hasNestedQuantifier', () => {
  it.each(['^(a+)+$', '(a*)*', '(\\w|\\d)+$', '((ab)*c)+', '(?:x+y)+', '(?<n>a+){2,}', '^([a-z0-9]+\\.?)*$'])(
    'flags %s',
    (p) => expect(hasNestedQuantifier(p)).toBe(true),
  );

  it.each([
    '^[a-z]+@[a-z]+\\.[a-z]{2,}$',
    '^(ab)+$',
    '(a+)?',
    '(a+){1}',
    '[(a+)]+',
    '\\(a+\\)+',
    '^\\d{3}-\\d{4}$',
    '(?=a+)b',
  ])('does not flag %s', (p) => expect(hasNestedQuantifier(p)).toBe(false));
});

describe('compileGuardedRegExp', () => {
  it('answers a catastrophic input in linear time, as V8 would', () => {
    const guarded = compileGuardedRegExp('^(a+)+$', 'u');
    expect(guarded.ok && guarded.linear).toBe(true);
    const start = performance.now();
    expect(guarded.ok && guarded.regexp.test(`${'a'.repeat(5000)}b`)).toBe(false);
    expect(performance.now() - start).toBeLessThan(500);
    expect(guarded.ok && guarded.regexp.test('aaa')).toBe(true);
  });

  it('refuses a risky pattern RE2 cannot run, and throws on a syntax error', () => {
    expect(compileGuardedRegExp('^(?=a)(a+)+$', 'u')).toEqual({ ok: false });
    expect(compileGuardedRegExp('((a)\\2+)+', '')).toEqual({ ok: false });
    expect(() => compileGuardedRegExp('(a+', 'u')).toThrow(SyntaxError);
  });

  it('gives the verdicts of ECMAScript on random risky patterns and texts', () => {
    const atom = fc.constantFrom('a', 'b', '.', '\\s', '\\S', '[ab]', '[\\s]', '\\d', ' ', '\u00a0', '\n');
    const quant = fc.constantFrom('', '*', '+', '?', '{1,2}');
    const piece = fc.tuple(atom, quant).map(([a, q]) => a + q);
    const group = fc
      .tuple(
        fc.array(piece, { minLength: 1, maxLength: 3 }),
        fc.array(piece, { maxLength: 2 }),
        fc.constantFrom('+', '*'),
      )
      .map(([a, b, q]) => `(${a.join('')}${b.length ? `|${b.join('')}` : ''})${q}`);
    const pattern = fc
      .tuple(
        fc.boolean(),
        fc.array(piece, { maxLength: 2 }),
        group,
        fc.array(piece, { maxLength: 2 }),
        fc.boolean(),
      )
      .map(([s, pre, g, post, e]) => `${s ? '^' : ''}${pre.join('')}${g}${post.join('')}${e ? '$' : ''}`);
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ' ', '\u00a0', '\n', '\r', '1', '\u2028'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        pattern,
        fc.constantFrom('u', 'iu', 'su'),
        fc.array(text, { minLength: 1, maxLength: 5 }),
        (p, flags, texts) => {
          const guarded = compileGuardedRegExp(p, flags);
          if (!guarded.ok) return;
          const native = new RegExp(p, flags);
          for (const t of texts)
            expect([p, flags, t, guarded.regexp.test(t)]).toEqual([p, flags, t, native.test(t)]);
        },
      ),
      { numRuns: 400, seed: 52 },
    );
  });
});
