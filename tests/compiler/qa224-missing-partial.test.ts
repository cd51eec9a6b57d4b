/**
 * Regression (QA224): `{{> footer}}` in a binding, with no `{{#*inline "footer"}}` in the same
 * value (templates have no registered partials), was said at render time in Handlebars' words,
 * "The partial footer could not be found", once per dataset (four errors for one mistake), at the
 * value's start. Now one EVALC_BIND_TEMPLATE_SYNTAX at the `{{>`, saying how to define it; an
 * inline partial and a partial block with its fallback still render.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (input: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: ${input} }
        output: { a: output.a }
    datasets:
      d1: { examples: [ { id: x1, vars: { q: hi } } ] }
      d2: { examples: [ { id: x2, vars: { q: ho } } ] }
`;

async function errors(input: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(input) });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`);
}

it('a partial the value does not define is one error at its {{>', async () => {
  expect(await errors('"Q: {{q}} {{> footer}}"')).toEqual([
    'EVALC_BIND_TEMPLATE_SYNTAX 9:31 template does not compile: partial "footer" is not defined: templates have no registered partials; define it in the same value with {{#*inline "footer"}}…{{/inline}}',
  ]);
});

it('an inline partial and a partial block with a fallback are fine', async () => {
  expect(await errors(`'{{#*inline "footer"}}-- {{q}}{{/inline}}Q {{> footer}}'`)).toEqual([]);
  expect(await errors(`'{{#> footer}}no footer{{/footer}} {{q}}'`)).toEqual([]);
});
