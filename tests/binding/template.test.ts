/**
 * Input templates: strict Handlebars over the example, with a leaf that is exactly one
 * placeholder keeping its JSON type; errors are values with the path of the failing leaf.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  compileTemplate,
  exampleContext,
  isTemplated,
  renderTemplate,
  type TemplateError,
} from '../../src/binding/template.js';

function render(template: unknown, vars: Record<string, unknown>, extra: { turns?: string[] } = {}) {
  const errors: TemplateError[] = [];
  const node = compileTemplate(template, errors);
  if (errors.length > 0) return { compileErrors: errors };
  return renderTemplate(node, exampleContext({ id: 'e1', vars, turns: extra.turns }));
}

describe('input templates', () => {
  it('keeps the JSON type of a leaf that is exactly one placeholder', () => {
    expect(
      render(
        { k: '{{k}}', tags: '{{ tags }}', nested: '{{vars.meta.level}}' },
        { k: 3, tags: ['a'], meta: { level: 2 } },
      ),
    ).toEqual({
      ok: true,
      value: { k: 3, tags: ['a'], nested: 2 },
    });
  });

  it('renders other leaves as strings, without HTML escaping', () => {
    expect(render({ q: 'Find <{{q}}> & more', n: 'k={{k}}' }, { q: 'a&b', k: 3 })).toEqual({
      ok: true,
      value: { q: 'Find <a&b> & more', n: 'k=3' },
    });
  });

  it('indexes lists in a single placeholder', () => {
    expect(render('{{tags.[1]}}', { tags: ['a', 'b'] })).toEqual({ ok: true, value: 'b' });
    expect(render('{{tags.1}}', { tags: ['a', { x: 1 }] })).toEqual({ ok: true, value: { x: 1 } });
  });

  it('keeps a var whose name starts with "json" typed, like any other var', () => {
    expect(render({ body: '{{json_body}}' }, { json_body: { a: 1 } })).toEqual({
      ok: true,
      value: { body: { a: 1 } },
    });
  });

  it('serializes a value with the json helper and refuses an undefined one', () => {
    expect(render('payload: {{json tags}}', { tags: ['a', 'b'] })).toEqual({
      ok: true,
      value: 'payload: ["a","b"]',
    });
    const missing = render('payload: {{json nope}}', {});
    expect(missing).toMatchObject({ ok: false, error: { path: [] } });
  });

  it('reports an undefined variable with the path of its leaf', () => {
    // Handlebars' own strict message ('"nope" not defined in [object Object] - 1:3') is said plainly.
    expect(render({ messages: [{ content: 'hi {{nope}}' }] }, { q: 1 })).toEqual({
      ok: false,
      error: { path: ['messages', 0, 'content'], message: '"nope" is not defined' },
    });
    expect(render({ x: '{{nope}}' }, {})).toEqual({
      ok: false,
      error: { path: ['x'], message: '"nope" is not defined' },
    });
  });

  it('never reads inherited properties such as constructor', () => {
    expect(render('{{constructor}}', {})).toMatchObject({ ok: false });
    expect(render('{{q.constructor}}', { q: 'x' })).toMatchObject({ ok: false });
  });

  it('reports syntax errors at compile time with the leaf path', () => {
    expect(render({ a: 'ok', b: ['{{#if x}}never closed'] }, {})).toMatchObject({
      compileErrors: [{ path: ['b', 0] }],
    });
  });

  it('exposes id, turns and vars in the context', () => {
    expect(
      render({ id: '{{id}}', first: '{{turns.0}}', v: '{{vars.q}}' }, { q: 'x' }, { turns: ['hello'] }),
    ).toEqual({
      ok: true,
      value: { id: 'e1', first: 'hello', v: 'x' },
    });
  });

  it('passes non-string leaves through untouched', () => {
    expect(render({ n: 1, b: true, z: null, list: [1, 'two'] }, {})).toEqual({
      ok: true,
      value: { n: 1, b: true, z: null, list: [1, 'two'] },
    });
    expect(isTemplated(compileTemplate({ n: 1, s: 'plain' }))).toBe(false);
    expect(isTemplated(compileTemplate({ n: 1, s: ['{{x}}'] }))).toBe(true);
  });

  it('reports a Handlebars syntax error in one line: where, and what to write (QA161)', () => {
    const errors: { path: (string | number)[]; message: string }[] = [];
    compileTemplate({ query: '{{#if x}}oops' }, errors);
    expect(errors).toEqual([
      {
        path: ['query'],
        message: '`{{#if x}}` is never closed: the text ends inside its block',
        hint: 'end the block with `{{/if}}`',
        offset: 0,
      },
    ]);
  });
});

describe('input templates, odd paths', () => {
  it('name the field read through a scalar, not a JavaScript `in` error', () => {
    expect(render({ q: 'n={{q.length}}' }, { q: 'x' })).toEqual({
      ok: false,
      error: { path: ['q'], message: '"length" is not defined: its parent is not an object ("x")' },
    });
  });

  it('read no inherited member: one the example lacks is not defined, in a longer text too', () => {
    expect(render({ q: '[{{toString}}] {{q}}' }, { q: 'x' })).toEqual({
      ok: false,
      error: { path: ['q'], message: '"toString" is not defined' },
    });
    expect(render({ q: 'as JSON: {{json vars.constructor}}' }, { q: 'x' })).toEqual({
      ok: false,
      error: { path: ['q'], message: '"vars.constructor" is not defined' },
    });
    expect(render({ q: '[{{toString}}] {{vars.valueOf}}' }, { toString: 'own', valueOf: 2 })).toEqual({
      ok: true,
      value: { q: '[own] 2' },
    });
  });

  it('read no inherited member inside a block either, and print no Handlebars warning (QA48)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(render({ q: '{{#each items}}[{{toString}}]{{/each}}' }, { items: [{ a: 1 }] })).toEqual({
        ok: false,
        error: { path: ['q'], message: '"toString" is not defined' },
      });
      expect([...error.mock.calls, ...log.mock.calls]).toEqual([]);
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  });
});
