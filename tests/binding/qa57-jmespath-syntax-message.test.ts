/**
 * The library's parse errors say which token it did not expect, not where, and an expression that
 * stops early reads `Syntax error: invalid token (EOF): ""`; an empty output expression read the
 * same (QA57). validate now gives the column of the token (when it occurs once in the expression)
 * and says what the EOF means.
 */
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';

describe('JMESPath syntax error messages', () => {
  it('give the column of the unexpected token', () => {
    expect(compileExpression('output.courses[?credits == ]')).toEqual({
      ok: false,
      message: 'Syntax error: invalid token (Rbracket): "]" at column 28 of the expression',
      offset: 27,
    });
  });

  it('say that an expression ends too early, and that an empty one is empty', () => {
    for (const expression of ['output.[answer', 'output.answer |', 'output.courses[?credits > '])
      expect(compileExpression(expression)).toEqual({
        ok: false,
        message: expect.stringMatching(
          /^Syntax error: invalid token \(EOF\): "": the expression ends too early/,
        ),
        // Said at its end (validate's caret).
        offset: expression.trimEnd().length,
      });
    expect(compileExpression('  ')).toEqual({
      ok: false,
      message: 'empty expression (`@` is the whole reply)',
      offset: 0,
    });
  });

  it('leave other messages as the library wrote them', () => {
    expect(compileExpression('`{bad`')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/JSON literal/),
    });
    expect(compileExpression('a[?b == `1`] | [0].c').ok).toBe(true);
  });
});
