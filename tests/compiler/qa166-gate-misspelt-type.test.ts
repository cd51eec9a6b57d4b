/**
 * A metric of a misspelt type (`exactmatch`) is said at its type; the gate on the type it misspells
 * is no second error, and no gate is told to name the misspelt type (QA166: the gate, which was
 * right, read 'gate names unknown metric `exact_match`', hint 'did you mean `exactmatch`?', a name
 * that fails validation itself).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (gates: string) => `evalc: 1
benchmark: { id: g }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metrics:
      - { type: exactmatch, candidate: a, expected: a }
      - { type: contains, candidate: a, expected: a }
gates:
${gates}`;

async function said(text: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.source?.line} ${d.code} ${d.message} | ${d.hint}`);
}

it('says a misspelt metric type once, at the type', async () => {
  expect(await said(plan('  - { metric: exact_match, min: 0.5 }\n'))).toEqual([
    '10 EVALC_REF_METRIC_TYPE unknown metric type `exactmatch` | did you mean `exact_match`?',
  ]);
});

it('suggests no misspelt type to a gate, and still a metric the plan computes', async () => {
  expect(
    await said(plan('  - { metric: exactmatc, min: 0.5 }\n  - { metric: containz, min: 0.5 }\n')),
  ).toEqual([
    '10 EVALC_REF_METRIC_TYPE unknown metric type `exactmatch` | did you mean `exact_match`?',
    "13 EVALC_REF_METRIC gate names unknown metric `exactmatc` | the plan's metrics: contains",
    '14 EVALC_REF_METRIC gate names unknown metric `containz` | did you mean `contains`?',
  ]);
});

it('tells a gate on the type of a metric with an id to name the id', async () => {
  const text = plan('  - { metric: contains, min: 0.5 }\n')
    .replace(
      '{ type: exactmatch, candidate: a, expected: a }',
      '{ type: exact_match, candidate: a, expected: a }',
    )
    .replace('{ type: contains, candidate', '{ id: has-a, type: contains, candidate');
  expect(await said(text)).toEqual([
    '13 EVALC_REF_METRIC gate names unknown metric `contains` | a metric with an id is named by it: metric: has-a',
  ]);
});
