/**
 * QA353: a text leaf rendered through the proxied copy of its context (printed-values.ts) on every
 * render, 3–6 times the cost of Handlebars alone (benchmarks/template/run.mjs). A template that
 * prints only top-level paths renders against the example's own context when each printed value
 * is its own scalar or list of scalars (plain-render.ts). These tests hold that render to the
 * copy's: the same text and the same error for every template × context of the table, and the
 * plain context is taken only where it may be (an object printed so would read `[object Object]`).
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { plainPaths, printsPlainly } from '../../src/binding/plain-render.js';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
  type TextRender,
} from '../../src/binding/template.js';

const HELPERS = { ...Handlebars.helpers, json: () => '' };

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

  it('is taken for top-level scalars and lists of scalars, and for nothing else', () => {
    const plain = (template: string, context = contexts.scalars) => {
      const paths = plainPaths(Handlebars.parse(template), HELPERS);
      return paths !== undefined && printsPlainly(context, paths);
    };
    for (const template of templates.slice(0, 6))
      expect([template, plain(template)]).toEqual([template, true]);
    for (const template of templates.slice(0, 5))
      expect([template, plain(template, contexts.objects)]).toEqual([template, false]);
    // `{{json …}}` quotes an object as it is
    expect(plain(templates[5]!, contexts.objects)).toBe(true);
    // a missing path, a path through a text, an inherited name: the copy says what is wrong
    expect(plain('{{q}} {{candidate.answer}}', contexts.missing)).toBe(false);
    expect(plain('{{candidate.answer}}', contexts.scalarParents)).toBe(false);
    expect(plain('{{q.length}}')).toBe(false);
    expect(plain('{{candidate.constructor}}')).toBe(false);
    // blocks, helpers other than json, @root, ../, the context itself: always the copy
    for (const template of [
      '{{#each tags}}{{this}}{{/each}}',
      '{{#if q}}{{q}}{{/if}}',
      '{{lookup candidate "answer"}}',
      '{{json candidate pretty=true}}',
      '{{@root.q}}',
      '{{this}}',
      '{{log}}',
      '{{json (lookup candidate "answer")}}',
    ])
      expect([template, plainPaths(Handlebars.parse(template), HELPERS)]).toEqual([template, undefined]);
    // validate's stand-in for a candidate (a proxy) goes through the copy, which knows it
    const standIn = new Proxy({}, {});
    expect(plain('{{candidate.answer}}', { candidate: standIn })).toBe(false);
    expect(plain('{{json candidate}}', { candidate: standIn })).toBe(false);
  });
});
