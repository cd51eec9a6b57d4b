/**
 * QA333: Handlebars prints an object placed in text as `[object Object]` and a list as its items
 * joined by commas. `Answer: {{candidate.obj}}` sent a judge `Answer: [object Object]`, and an
 * input template sent an agent `about [object Object]`, in silence. Such a render now fails naming
 * the value's path and what to write; a leaf that is one placeholder keeps the value (its JSON
 * type), and `{{json x}}`, a block over the items and a field of an object print as before.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
} from '../../src/binding/template.js';

const vars = {
  q: 'intro ML',
  n: 3,
  ok: true,
  none: null,
  user: { name: 'Ann', tags: ['a', 'b'] },
  tags: ['a', 'b'],
  items: [{ name: 'x' }, { name: 'y' }],
  'odd key': { a: 1 },
};
const context = exampleContext({ id: 'e1', vars });
// Handlebars alone, with evalc's json helper: what an input rendered before QA333
const plainHbs = Handlebars.create();
plainHbs.registerHelper('json', (value: unknown) => JSON.stringify(value));

function render(template: unknown, ctx: Record<string, unknown> = context) {
  const errors: TemplateError[] = [];
  const node = compileTemplate(template, errors);
  expect(errors).toEqual([]);
  return renderTemplate(node, ctx);
}

describe('an object or a list printed in text', () => {
  it('fails naming its path and {{json …}}, in an input template', () => {
    expect(render({ messages: [{ role: 'user', content: 'Question: {{q}} about {{user}}' }] })).toEqual({
      ok: false,
      error: {
        path: ['messages', 0, 'content'],
        message:
          '"user" is an object, which text prints as [object Object]: write {{json user}} for its JSON, or {{user.FIELD}} for one of its fields',
      },
    });
    // a list of scalars prints as Handlebars prints it, its items joined by commas (QA344)
    expect(render({ q: 'tags: {{tags}}' })).toEqual({ ok: true, value: { q: 'tags: a,b' } });
    expect(render({ q: 'items: {{items}}' })).toEqual({
      ok: false,
      error: {
        path: ['q'],
        message:
          '"items" is a list holding an object ("items.[0]"), which text prints as [object Object]: write {{json items}} for its JSON, or {{#each items}}…{{/each}} for its items',
      },
    });
  });

  it('fails for every spelling and place that prints it', () => {
    const said = (template: string) => {
      const out = render(template);
      return out.ok ? `rendered ${JSON.stringify(out.value)}` : out.error.message.split(',')[0];
    };
    expect(said('A: {{vars.user}}')).toBe('"vars.user" is an object');
    expect(said('A: {{{user}}}')).toBe('"user" is an object');
    expect(said('A: {{user.tags}}')).toBe('rendered "A: a,b"');
    expect(said('{{#with user}}{{name}}: {{this}}{{/with}}')).toBe('"user" is an object');
    expect(said('{{#each items}}{{this}}{{/each}}')).toBe('"items.[0]" is an object');
    expect(said('{{#each items}}{{.}} {{/each}}')).toBe('"items.[0]" is an object');
    expect(said('{{lookup items 1}}!')).toBe('"items.[1]" is an object');
    expect(said('{{#each items}}{{@root.user}}{{/each}}')).toBe('"user" is an object');
    expect(said('all: {{this}}')).toBe('"this" is an object');
    expect(said('x {{[odd key]}}')).toBe('"[odd key]" is an object');
  });

  it('keeps the value of a leaf that is one placeholder', () => {
    expect(render({ u: '{{user}}', t: '{{tags}}', i: '{{{items}}}' })).toEqual({
      ok: true,
      value: { u: vars.user, t: vars.tags, i: vars.items },
    });
  });

  it('prints {{json …}}, fields, blocks over items and scalars as Handlebars does', () => {
    const fine = [
      'Answer: {{json user}} {{json tags}} {{json items}} {{json none}}',
      '{{#each items}}{{@index}}={{name}};{{/each}} {{#each tags}}[{{this}}]{{/each}} {{user.name}} {{tags.[1]}}',
      '{{#each user}}{{@key}} {{/each}}{{#with user}}{{name}}{{/with}} {{#if user}}yes{{/if}} {{#if tags}}y{{/if}}',
      '{{q}} {{n}} {{ok}} [{{none}}] {{items.length}} {{lookup tags 0}} {{lookup user "name"}} {{id}}',
    ];
    for (const template of fine) {
      // byte for byte what Handlebars renders: an input that rendered keeps its cache key
      const plain = plainHbs.compile(template, { strict: true, noEscape: true })(context);
      expect(plain).not.toContain('[object Object]');
      expect(render({ q: template })).toEqual({ ok: true, value: { q: plain } });
    }
  });

  it('logs an object as its JSON, not as an error', () => {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) =>
      written.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      expect(render('{{log user}}{{q}}')).toEqual({ ok: true, value: 'intro ML' });
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toBe('template log: {"name":"Ann","tags":["a","b"]}\n');
  });

  it('says a missing var as before, not the object it was looked up in', () => {
    expect(render('A: {{user.nope}}')).toEqual({
      ok: false,
      error: { path: [], message: '"nope" is not defined' },
    });
  });
});
