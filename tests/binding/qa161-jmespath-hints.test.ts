/**
 * A JMESPath compile error says what to write for the usual slips (QA161: "invalid format for a JSON
 * literal", "unexpected token: answer(Literal)", "unexpected token: .(Dot)" came with no hint).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileExpression, compileExtraction } from '../../src/binding/extract.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const hint = (expression: string) => {
  const r = compileExpression(expression);
  return r.ok ? 'compiles' : r.hint;
};

describe('JMESPath hints', () => {
  it('a backtick literal that is no JSON: quote it, or use a raw string', () => {
    expect(hint('output.courses[?code == `CS229`].code')).toBe(
      `a literal in backticks is JSON: write the raw string 'CS229' (in a single-quoted YAML value, \`''CS229''\`), or JSON quotes inside the backticks (\`"CS229"\`, backticks kept: "CS229" alone names a field; in a double-quoted YAML value, \`\\"CS229\\"\`)`,
    );
    expect(hint('output.courses[?code == `"CS229"`].code')).toBe('compiles');
  });

  it('a field in single quotes: double quotes name a field', () => {
    expect(hint("output.'answer'")).toBe(
      `a field is named without quotes: .answer (or in double quotes, ."answer"); 'answer' is a string, not a field`,
    );
  });

  it('two dots, a string key, an unclosed quote, an early end', () => {
    expect(hint('output..answer')).toBe(
      'two dots in a row: a path is `a.b` (a field of each item is `a[].b`)',
    );
    expect(hint("sort_by(output.items, 'price')")).toBe(
      "a key is an expression reference: write `&price`, not 'price'",
    );
    expect(hint('output."answer')).toBe('a `"` that quotes a field name is never closed');
    expect(hint('output.answer[0')).toBe(
      'the expression ends too early: close each `[`, `{` and `(` it opens',
    );
  });

  it('reaches the binding errors', () => {
    const r = compileExtraction({ a: 'output..a', b: 'output.b' });
    expect(r.ok ? [] : r.errors.map((e) => [e.name, e.hint])).toEqual([
      ['a', 'two dots in a row: a path is `a.b` (a field of each item is `a[].b`)'],
    ]);
  });

  it("is the hint of validate's diagnostic, in a binding and in an http agent's response", async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: j }
agents:
  h: { protocol: http, url: "http://127.0.0.1:7101/x", response: "body..answer" }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { a: "output.'a'" }
    datasets:
      d: { examples: [ { id: x1, vars: { q: hi } } ] }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.hint])).toEqual([
      [
        'EVALC_AGENT_RESPONSE_JMESPATH',
        'two dots in a row: a path is `a.b` (a field of each item is `a[].b`)',
      ],
      [
        'EVALC_BIND_JMESPATH',
        `a field is named without quotes: .a (or in double quotes, ."a"); 'a' is a string, not a field`,
      ],
    ]);
  });
});
