/**
 * What QA161's JMESPath hints tell to write compiles, and means what was meant (QA166): the backtick
 * hint read 'write `"CS229"` (quoted)', and "CS229" written without its backticks is a field name
 * (`[?code == "CS229"]` compiled and matched nothing); the single-quote hint read 'double quotes:
 * ."answer"', which ends a double-quoted YAML value, where a plain name needs no quotes at all.
 */
import { search } from '@jmespath-community/jmespath';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { compileExpression } from '../../src/binding/extract.js';

const hint = (expression: string) => {
  const r = compileExpression(expression);
  return r.ok ? 'compiles' : r.hint;
};
const courses = { output: { courses: [{ code: 'CS229' }, { code: 'CS101' }] } };

describe('the JMESPath hints', () => {
  it('name the raw string first for a backtick literal that is no JSON, and keep the backticks on the JSON one', () => {
    expect(hint('output.courses[?code == `CS229`].code')).toBe(
      `a literal in backticks is JSON: write the raw string 'CS229' (in a single-quoted YAML value, \`''CS229''\`), or JSON quotes inside the backticks (\`"CS229"\`, backticks kept: "CS229" alone names a field; in a double-quoted YAML value, \`\\"CS229\\"\`)`,
    );
    // QA187: the JSON form written as told inside a double-quoted YAML value ended it at its `"`; the
    // form told for it reads back as the JSON literal.
    const double = /in a double-quoted YAML value, `(.*?)`\)$/.exec(
      hint('output.courses[?code == `CS229`].code') ?? '',
    )?.[1];
    expect(parseYaml(`x: "output.courses[?code == \`${double}\`].code"`)).toEqual({
      x: 'output.courses[?code == `"CS229"`].code',
    });
    expect(search(courses, "output.courses[?code == 'CS229'].code")).toEqual(['CS229']);
    // QA179: the raw string written as told inside a single-quoted YAML value ended it at its `'`
    // ('Unexpected scalar at node end'); the form told for it reads back as the raw string.
    const single = /in a single-quoted YAML value, `(.*?)`\)/.exec(
      hint('output.courses[?code == `CS229`].code') ?? '',
    )?.[1];
    expect(parseYaml(`x: 'output.courses[?code == ${single}].code'`)).toEqual({
      x: "output.courses[?code == 'CS229'].code",
    });
    expect(search(courses, 'output.courses[?code == `"CS229"`].code')).toEqual(['CS229']);
    // What the old hint read as: a field named CS229, so no course matches.
    expect(search(courses, 'output.courses[?code == "CS229"].code')).toEqual([]);
  });

  it('keep a literal with a single quote in its JSON form: the raw string would end at it', () => {
    const said = hint("output.people[?name == `O'Brien`].name");
    expect(said).toBe(
      `a literal in backticks is JSON: quote it inside the backticks (\`"O'Brien"\`, backticks kept: "O'Brien" alone names a field); in a double-quoted YAML value, \`\\"O'Brien\\"\`, in a single-quoted one, \`"O''Brien"\``,
    );
    // QA176: in a single-quoted YAML value the form told ended the value at its `'`; the form told
    // for it, taken from the hint, reads back as the JSON literal.
    const single = /in a single-quoted one, `(.*)`$/.exec(said ?? '')?.[1];
    expect(parseYaml(`x: 'output.people[?name == \`${single}\`].name'`)).toEqual({
      x: 'output.people[?name == `"O\'Brien"`].name',
    });
    // QA172: written as told inside a double-quoted YAML value, its first `"` ended the value; the
    // escaped form reads back as the JSON literal.
    expect(parseYaml('x: "output.people[?name == `\\"O\'Brien\\"`].name"')).toEqual({
      x: 'output.people[?name == `"O\'Brien"`].name',
    });
    expect(
      search({ output: { people: [{ name: "O'Brien" }] } }, 'output.people[?name == `"O\'Brien"`].name'),
    ).toEqual(["O'Brien"]);
  });

  it('write a plain field without quotes, and one with other characters in double quotes', () => {
    expect(hint("output.'answer'")).toBe(
      `a field is named without quotes: .answer (or in double quotes, ."answer"); 'answer' is a string, not a field`,
    );
    expect(hint("output.'first-name'")).toBe(
      `a field is named in double quotes: ."first-name" (in a double-quoted YAML value, \`.\\"first-name\\"\`); 'first-name' is a string, not a field`,
    );
    expect(hint('output.answer')).toBe('compiles');
    expect(hint('output."first-name"')).toBe('compiles');
  });
});
