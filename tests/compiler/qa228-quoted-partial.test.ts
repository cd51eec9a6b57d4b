/**
 * Regression (QA228): the case next to fc804b0. `{{> "footer"}}`, a partial named by a quoted
 * string (Handlebars reads it as `{{> footer}}`), with no `{{#*inline "footer"}}` in the value,
 * was still said at render time in Handlebars' words, "The partial footer could not be found",
 * at the value's start; it is one validate error at its `{{>`, as the unquoted name is.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

async function errors(input: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default: { input: { q: ${input} }, output: { a: output.a } }
    datasets: { d1: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`);
}

it('a quoted partial name the value does not define is one error at its {{>', async () => {
  expect(await errors(`'Q: {{q}} {{> "footer"}}'`)).toEqual([
    'EVALC_BIND_TEMPLATE_SYNTAX 8:40 template does not compile: partial "footer" is not defined: templates have no registered partials; define it in the same value with {{#*inline "footer"}}…{{/inline}}',
  ]);
  expect(await errors(`'{{#*inline "footer"}}-- {{q}}{{/inline}}Q {{> "footer"}}'`)).toEqual([]);
});
