/**
 * A leaf that is exactly one placeholder keeps the value's JSON type (README, Templates). Before
 * QA57 only `{{x}}` did: `"{{{tags}}}"` — the triple-stash a user writes to be safe from HTML
 * escaping — sent the list `["a","b"]` as the text `"a,b"` and a number as text, `"{{~n~}}"` too,
 * and `"{{this.user_query}}"`, which Handlebars reads as `{{user_query}}`, was refused at validate
 * as "not defined".
 */
import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
} from '../../src/binding/template.js';

function render(template: unknown, vars: Record<string, unknown>) {
  const errors: TemplateError[] = [];
  const node = compileTemplate(template, errors);
  if (errors.length > 0) return { compileErrors: errors };
  return renderTemplate(node, exampleContext({ id: 'e1', vars }));
}

const vars = { tags: ['a', 'b'], n: 3, flag: false, user: { name: 'Ann', age: null }, q: 'intro ML' };

describe('a leaf that is one placeholder, however it is spelled', () => {
  it('keeps the JSON type with triple braces and whitespace control', () => {
    expect(
      render(
        { t: '{{{tags}}}', n: '{{{ n }}}', f: '{{~flag~}}', u: '{{~{user}~}}', a: '{{~user.age}}' },
        vars,
      ),
    ).toEqual({ ok: true, value: { t: ['a', 'b'], n: 3, f: false, u: { name: 'Ann', age: null }, a: null } });
  });

  it('reads a path written from the context as the same var', () => {
    expect(
      render({ q: '{{this.q}}', t: '{{./tags}}', n: '{{@root.user.name}}', s: '{{this/n}}' }, vars),
    ).toEqual({ ok: true, value: { q: 'intro ML', t: ['a', 'b'], n: 'Ann', s: 3 } });
  });

  it('still says a missing var is not defined, and leaves unbalanced braces to Handlebars', () => {
    expect(render({ q: '{{{nope}}}' }, vars)).toMatchObject({
      ok: false,
      error: { path: ['q'], message: '"nope" is not defined' },
    });
    expect(render({ q: '{{this.nope}}' }, vars)).toMatchObject({ ok: false, error: { path: ['q'] } });
    expect(render({ q: '{{{q}}' }, vars)).toMatchObject({ compileErrors: [{ path: ['q'] }] });
  });

  it('renders text around a placeholder as text, as before', () => {
    expect(render({ t: 'tags: {{{tags.[0]}}}', n: ' {{~n~}} ' }, vars)).toEqual({
      ok: true,
      value: { t: 'tags: a', n: '3' },
    });
    // a list of scalars in text is its items joined by commas, as Handlebars prints it (QA344)
    expect(render({ t: 'tags: {{{tags}}}' }, vars)).toEqual({ ok: true, value: { t: 'tags: a,b' } });
  });
});
