/**
 * A diagnostic's excerpt masks header values (QA60) and keeps `${env.X}` readable, also where YAML
 * could not read the value whole: `x-key: ${env.KEY}` unquoted inside `{ }` is the value `$` followed
 * by a mapping, and the excerpt at that very error read `x-key: *{env.KEY}`, a line the file does not
 * hold (QA166). A literal value is still masked.
 */
import { expect, it } from 'vitest';
import { headerValueSpans, maskSpans } from '../../src/cli/header-value-mask.js';

it('keeps a reference whose value span ends inside it, and masks the literal beside it', () => {
  const line = '    headers: { authorization: "Bearer sk-QA166", x-key: ${env.KEY} }';
  const text = `agents:\n  a1:\n${line}\n`;
  expect(maskSpans(line, headerValueSpans(text).get(2))).toBe(
    '    headers: { authorization: "****** ********", x-key: ${env.KEY} }',
  );
});
