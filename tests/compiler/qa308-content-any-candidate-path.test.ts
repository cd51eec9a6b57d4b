/**
 * QA308: validate renders a `content:` template with a stand-in for each candidate, "any path
 * below a known output name is accepted" — but the stand-in was a function, which Handlebars calls:
 * `{{#with candidate.obj}}{{text}}{{/with}}` read `text` of the string it returned, and a content
 * that is one placeholder, `{{candidate.obj.text}}`, found no object below `obj`. Both legitimate
 * templates were refused (EVALC_BIND_UNKNOWN_VAR, exit 65) where `D {{candidate.obj.text}}` passed.
 * A name that is no output stays refused.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

async function codes(content: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: r }
rubrics:
  r: { dimensions: [ { id: q, description: quality, weight: 1 } ] }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: output.answer, obj: output.obj } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: ok } } ] }
    metrics:
      - { type: judge, judge: j, content: ${JSON.stringify(content)} }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

it('accepts any path below a candidate, in a block or as the whole content', async () => {
  for (const content of [
    '{{candidate.obj.text}}',
    '{{candidate.obj.items.[0]}}',
    '{{#with candidate.obj}}{{text}}{{/with}}',
    '{{#with candidate.obj}}{{inner.text}}{{/with}}',
    'D {{candidate.obj.text}}',
    '{{#if candidate.obj.text}}{{candidate.obj.text}}{{/if}}',
    '{{#each candidate.obj}}{{@key}}={{this}}{{/each}}',
    '{{json candidate.obj}}',
  ])
    expect([content, await codes(content)]).toEqual([content, []]);
  expect(await codes('{{candidate.answr}}')).toEqual(['EVALC_REF_CANDIDATE']);
  expect(await codes('{{#with candidate.obj}}{{text}}{{/with}} {{candidate.answr}}')).toEqual([
    'EVALC_REF_CANDIDATE',
  ]);
});
