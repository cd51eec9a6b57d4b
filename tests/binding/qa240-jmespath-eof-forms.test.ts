/**
 * QA240: an expression that ends after a `.`, `output.answer.`, read the library's `Syntax error,
 * unexpected token: (EOF)` alone, with no hint: QA57's explanation was given to the other form of
 * an early end, `invalid token (EOF): ""`, though it names "nothing after `.`" as one of its cases.
 * It is now said there too, at the expression's end (validate's caret); an unclosed bracket keeps
 * the library's words and jmespathHint's own hint.
 */
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';

const EARLY =
  ': the expression ends too early (an unclosed bracket or brace, or nothing after `.`, `|`, an operator or a comma)';

describe('JMESPath: an expression ending after a dot says it ends too early', () => {
  for (const expression of ['output.answer.', 'output.a.b.'])
    it(expression, () => {
      expect(compileExpression(expression)).toEqual({
        ok: false,
        message: `Syntax error, unexpected token: (EOF)${EARLY}`,
        offset: expression.length,
      });
    });

  it('an unclosed bracket keeps its words and its hint', () => {
    expect(compileExpression('output.items[0')).toEqual({
      ok: false,
      message: 'Syntax error: expected Rbracket, got: EOF',
      hint: 'the expression ends too early: close each `[`, `{` and `(` it opens',
      offset: 'output.items[0'.length,
    });
  });
});
