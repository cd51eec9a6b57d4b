/**
 * QA353: a text leaf rendered through the proxied copy of its context (printed-values.ts) on every
 * render, 3–7 times the cost of Handlebars alone (QA348; benchmarks/template/run.mjs). It renders
 * now against the example's own context, compiled so that each value it prints is checked as it
 * is printed (checked-print.ts), and through the copy only when that check stops it. These tests
 * hold the two to the same text and the same error for every template × context of the table (an
 * object printed by the checked render would read `[object Object]`), and check that the checked
 * render is the one taken where it may be.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { checkable, checkingHandlebars, UNPRINTABLE } from '../../src/binding/checked-print.js';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
  type TextRender,
} from '../../src/binding/template.js';

const json = (value: unknown) => JSON.stringify(value);
const HELPERS = { ...Handlebars.helpers, json };

const contexts: Record<string, Record<string, unknown>> = {
  scalars: exampleContext({
    id: 'e1',
    vars: {
      q: 'What is 2+2?',
      n: 0,
      ok: false,
      none: null,
      tags: ['a', 1, true, null],
      empty: [],
      candidate: { answer: '4', score: 0.5, tags: ['x', 'y'] },
      'odd key': 'spaced',
      toString: 'own toString',
      docs: [
        { title: 't0', body: 'b0' },
        { title: 't1', body: 'b1' },
      ],
      user: { name: 'Ann', admin: true, tags: ['u1', 'u2'] },
    },
  }),
  objects: exampleContext({
    id: 'e2',
    vars: {
      q: { text: 'nested' },
      n: [{ a: 1 }],
      ok: [[1, 2], [3]],
      none: { none: null },
      tags: [{ t: 1 }],
      empty: [[]],
      candidate: { answer: { text: '4' }, score: [0.5, { s: 1 }], tags: [[{ x: 1 }]] },
      'odd key': { k: 1 },
      docs: [{ title: { t: 1 }, body: 'b0' }],
      user: { name: ['Ann', { x: 1 }], admin: false, tags: [[1]] },
    },
  }),
  missing: exampleContext({ id: 'e3', vars: { q: 'only q' } }),
  scalarParents: exampleContext({ id: 'e4', vars: { q: 'hi', candidate: 'a text', tags: 'abc' } }),
};

const templates = [
  'Q: {{q}} A: {{candidate.answer}}',
  'Q: {{q}} n={{n}} ok={{ok}} none=[{{none}}]',
  'Tags: {{tags}} / [{{empty}}] / {{candidate.tags}} / {{{candidate.score}}}',
  '{{~q~}} - {{this.q}} {{./candidate.answer}} {{! a comment }}{{[odd key]}}',
  '{{candidate.tags.[0]}} {{candidate.tags.length}} {{tags.length}}',
  'Doc: {{json candidate}} {{json tags}} {{json q}}',
  'Q: {{q}} {{toString}} {{candidate.constructor}}',
  'id {{id}} {{vars.q}} turns [{{turns}}] {{json vars}}',
  'Q: {{q}} {{#each tags}}<{{this}}>{{/each}}',
  'Q: {{q}} {{@root.candidate.answer}} {{lookup candidate "answer"}}',
  'Q: {{q}} {{this}}',
  'Q: {{q}} {{q.length}}',
  'Q: {{q}} ({{id}})\n{{#each docs}}- {{title}}: {{body}}\n{{/each}}{{#with user}}User {{name}} {{#if admin}}admin{{else}}member{{/if}}{{/with}}\nMeta: {{json candidate}}',
  '{{#each candidate.tags}}[{{this}}]{{/each}} {{#each tags}}{{@index}}:{{this}};{{/each}}',
  '{{#with candidate}}{{answer}} {{score}} {{#each tags}}{{../answer}}{{/each}}{{/with}}',
  '{{#with user}}{{#each tags}}{{../name}} {{/each}}{{/with}} {{#each docs}}{{@root.q}}{{/each}}',
  '{{#each candidate}}{{@key}}={{this}};{{/each}} {{#unless none}}{{n}}{{/unless}} {{#if empty}}x{{else}}y{{/if}}',
  '{{json (lookup candidate "tags")}} {{lookup user "name"}} {{#each docs}}{{lookup this "title"}}{{/each}}',
  '{{#candidate}}{{answer}}{{/candidate}} {{#each user.tags}}{{.}}{{/each}} {{#each docs as |d|}}{{d.title}}{{/each}}',
  '{{#each docs}}{{missing}}{{/each}}',
  '{{#each tags}}{{constructor}}{{/each}} {{#with user}}{{toString}}{{/with}}',
];

function rendered(template: string, context: Record<string, unknown>, via: TextRender) {
  const errors: TemplateError[] = [];
  const node = compileTemplate({ content: template }, errors, [], via);
  expect(errors).toEqual([]);
  const out = renderTemplate(node, context);
  return out.ok ? out.value : { error: out.error };
}

describe('a text leaf rendered against the example itself (QA353)', () => {
  it('gives the text and the error the proxied copy gives, for every template and context', () => {
    for (const template of templates)
      for (const [name, context] of Object.entries(contexts))
        expect([template, name, rendered(template, context, 'either')]).toEqual([
          template,
          name,
          rendered(template, context, 'copy'),
        ]);
  });

  it('says an object printed in text is an error, as the copy does, never [object Object]', () => {
    const objects = contexts.objects!;
    for (const template of templates.slice(0, 5)) {
      const out = rendered(template, objects, 'either');
      expect(typeof out === 'string' && out.includes('[object Object]')).toBe(false);
      expect(out).toHaveProperty('error.message', expect.stringMatching(/is (an object|a list holding)/));
    }
    expect(rendered('A: {{candidate.answer}}', objects, 'either')).toEqual({
      error: {
        path: ['content'],
        message:
          '"candidate.answer" is an object, which text prints as [object Object]: write {{json candidate.answer}} for its JSON, or {{candidate.answer.FIELD}} for one of its fields',
      },
    });
  });

  it('is taken for every template that names no inherited member, log or partial', () => {
    for (const template of templates.filter((t) => !/constructor|toString/.test(t)))
      expect([template, checkable(Handlebars.parse(template), HELPERS)]).toEqual([template, true]);
    for (const template of [
      '{{q}} {{toString}}',
      '{{#each tags}}{{constructor}}{{/each}}',
      '{{#each user.tags}}{{map}}{{/each}}',
      '{{json a.hasOwnProperty}}',
      '{{@root.constructor}}',
      '{{log q}}',
      '{{> part}}',
    ])
      expect([template, checkable(Handlebars.parse(template), HELPERS)]).toEqual([template, false]);
  });

  it('renders as Handlebars does, and stops at an object or a list holding one, in a block too', () => {
    const checking = checkingHandlebars(HELPERS);
    const options = { strict: true, noEscape: true } as const;
    const plain = Handlebars.create();
    plain.registerHelper('json', json);
    for (const template of templates.filter((t) => !/constructor|toString|missing|length|{{this}}/.test(t))) {
      const text = plain.compile(template, options)(contexts.scalars);
      expect([template, checking.compile(template, options)(contexts.scalars)]).toEqual([template, text]);
    }
    for (const template of ['{{q}}', '{{#each docs}}{{title}}{{/each}}', '{{#with user}}{{tags}}{{/with}}'])
      expect(() => checking.compile(template, options)(contexts.objects)).toThrow(UNPRINTABLE);
    // validate's stand-in for a candidate (a proxy) is left to the copy, which knows it
    expect(() => checking.compile('A: {{candidate}}', options)({ candidate: new Proxy({}, {}) })).toThrow(
      UNPRINTABLE,
    );
  });
});
