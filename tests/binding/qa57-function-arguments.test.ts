/**
 * The JMESPath parser accepts any argument count and any literal argument; the library checks
 * them only when the function runs. `abs(output.n, `1`)` or `sort_by(output.items, 'price')`
 * passed validate, then every example failed `extraction_failed: Invalid arity …` at apply
 * (QA57). What the expression alone decides — the count, and the type of a literal or an
 * `&expression` argument — is a validate error now, with the library's own words.
 */
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';
import { diagnosticsFor } from '../compiler/plan-helpers.js';

describe('JMESPath function arguments', () => {
  it('refuses a wrong argument count, nested anywhere', () => {
    expect(compileExpression('abs(output.n, `1`)')).toEqual({
      ok: false,
      message: 'Invalid arity: abs() takes 1 argument but received 2',
      offset: 0,
    });
    expect(compileExpression('output.items[?length() > `1`]').ok).toBe(false);
    expect(compileExpression('join(`", "`)').ok).toBe(false);
  });

  it('refuses a literal or an expression reference where the function takes another type', () => {
    expect(compileExpression("sort_by(output.items, 'price')")).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Invalid type: sort_by\(\) expected argument 2 to be type \(expression\)/,
      ),
    });
    expect(compileExpression("pad_left(output.answer, '12', '*')").ok).toBe(false);
    expect(compileExpression('length(&name)').ok).toBe(false);
  });

  it('leaves what depends on the document to run time, and accepts optional and variadic arguments', () => {
    for (const ok of [
      'abs(output.n)',
      'sort_by(output.items, &price)[].name',
      "pad_left(output.answer, `12`, '*')",
      'pad_left(output.answer, `12`)',
      'trim(output.text)',
      "trim(output.text, ' *')",
      'not_null(output.a, output.b, `"none"`)',
      'merge(output.a, output.b, `{"c": 1}`)',
      'zip(output.a, output.b)',
      "join(', ', output.items[].name)",
      'let $n = output.n in abs($n)',
      "contains(output.codes, 'CS229')",
    ])
      expect([ok, compileExpression(ok).ok]).toEqual([ok, true]);
  });

  it('is a validate error at the binding output', async () => {
    const errors = await diagnosticsFor(
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer", n: "abs(output.n, \`1\`)" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
      'EVALC_BIND_JMESPATH',
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^7:\d+ JMESPath expression does not compile: Invalid arity: abs\(\) takes 1 argument but received 2$/,
      ),
    ]);
  });
});
