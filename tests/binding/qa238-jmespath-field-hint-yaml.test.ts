/**
 * QA238: `text: "output.'first-name'"` was told 'a field is named in double quotes: ."first-name"',
 * and written as told inside that double-quoted YAML value, `"output."first-name""`, the plan read
 * `EVALC_YAML_SYNTAX: Unexpected scalar at node end`. The hint now also gives the form for a
 * double-quoted YAML value, as the backtick literal's hint does (QA172, QA187), and that form reads
 * back as the expression meant, which finds the field.
 */
import { search } from '@jmespath-community/jmespath';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { compileExpression } from '../../src/binding/extract.js';

const hint = (expression: string) => {
  const r = compileExpression(expression);
  return r.ok ? 'compiles' : r.hint;
};

describe('the hint for a field name in single quotes, in a double-quoted YAML value', () => {
  const said = hint("output.'first-name'") ?? '';

  it('names the escaped form for a double-quoted YAML value', () => {
    expect(said).toBe(
      `a field is named in double quotes: ."first-name" (in a double-quoted YAML value, \`.\\"first-name\\"\`); 'first-name' is a string, not a field`,
    );
  });

  it('whose form, written there as told, reads back as the expression meant and finds the field', () => {
    const form = /in a double-quoted YAML value, `(.*?)`\)/.exec(said)?.[1];
    expect(form).toBeDefined();
    const { x } = parseYaml(`x: "output${form}"`) as { x: string };
    expect(x).toBe('output."first-name"');
    expect(hint(x)).toBe('compiles');
    expect(search({ output: { 'first-name': 'Ada' } }, x)).toBe('Ada');
    // What the old hint led to: the value ends at the field's first `"`.
    expect(() => parseYaml('x: "output."first-name""')).toThrow();
  });
});
