/**
 * Templates have Handlebars' built-in helpers and `json`. A helper a user reaches for from other
 * Handlebars setups — `{{#if (eq n 3)}}`, `{{upper q}}`, a raw block `{{{{raw}}}}…{{{{/raw}}}}` —
 * was refused as a var: `"eq" is not defined`, with the hint "did you mean `n`?" (QA57). It is
 * named as an unknown helper now, with what there is; vars in blocks and sections still render.
 */
import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
} from '../../src/binding/template.js';
import { planDiagnostics } from '../compiler/plan-helpers.js';

function compileErrors(template: string): string[] {
  const errors: TemplateError[] = [];
  compileTemplate(template, errors);
  return errors.map((e) => e.message);
}

describe('helpers a template calls', () => {
  it('names a helper evalc does not have, in a subexpression, a block or a placeholder', () => {
    for (const template of [
      '{{#if (eq n 3)}}three{{/if}}',
      '{{#eq n 3}}x{{/eq}}',
      'Q: {{upper q}}',
      '{{fmt q sep=","}}',
    ])
      expect([template, compileErrors(template)]).toEqual([
        template,
        [
          expect.stringMatching(
            /^unknown helper "(eq|upper|fmt)": templates have Handlebars' built-in helpers and json/,
          ),
        ],
      ]);
  });

  it('says a raw block needs a helper, and how to write literal braces', () => {
    expect(compileErrors('{{{{raw}}}}{{q}}{{{{/raw}}}}')).toEqual([
      expect.stringMatching(
        /^raw block \{\{\{\{raw\}\}\}\} calls helper "raw", which templates do not have .*: write \\\{\{ for a literal \{\{$/,
      ),
    ]);
    const errors: TemplateError[] = [];
    const node = compileTemplate('\\{{q}} is {{q}}', errors);
    expect(renderTemplate(node, exampleContext({ id: 'e1', vars: { q: 'x' } }))).toEqual({
      ok: true,
      value: '{{q}} is x',
    });
  });

  it('accepts the built-in helpers, json, and sections over a var', () => {
    for (const template of [
      '{{#each tags}}{{this}}{{/each}}',
      '{{#with user as |u|}}{{u.name}}{{/with}}',
      "{{lookup user 'name'}}",
      '{{json (lookup user "name")}}',
      '{{#if n}}{{n}}{{else}}none{{/if}}',
      '{{#tags}}{{this}}{{/tags}}',
      "{{log 'x'}}{{q}}",
    ])
      expect([template, compileErrors(template)]).toEqual([template, []]);
  });

  it('is a validate error at the leaf, without a var hint', async () => {
    const found = (
      await planDiagnostics(`evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{#if (eq n 3)}}three{{/if}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { n: 3 } } ] } }
`)
    ).filter((d) => d.code.startsWith('EVALC_BIND_'));
    expect(found.map((d) => [d.code, d.source?.line, d.hint])).toEqual([
      ['EVALC_BIND_TEMPLATE_SYNTAX', 7, undefined],
    ]);
    expect(found[0]?.message).toMatch(/unknown helper "eq"/);
  });
});
