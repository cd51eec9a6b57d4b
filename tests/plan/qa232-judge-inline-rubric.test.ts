/**
 * Regression (QA232): the case next to 00b4c5e and 9e0b1bc, on the judge. A judge given its rubric
 * in place of its name, its dimensions' list (`rubric: [ { id: rel, … } ]`) or a mapping
 * (`rubric: { dimensions: … }`), read 'judges.strict.rubric: expected string, got a list' with no
 * hint, where a judge metric's is told to define it under `rubrics:` and name it. Both are told so.
 */
import { expect, it } from 'vitest';
import { validatePlanSchema } from '../../src/plan/validate-schema.js';

const judge = (rubric: unknown) => ({
  evalc: 1,
  benchmark: { id: 'b', version: '1.0.0' },
  judges: { strict: { protocol: 'agent-eval', url: 'http://127.0.0.1:5005', rubric } },
});

it.each([
  ['its dimensions list', [{ id: 'rel', description: 'x', weight: 1 }]],
  ['a mapping', { dimensions: [{ id: 'rel', description: 'x', weight: 1 }] }],
])('a judge rubric written as %s is told to move under rubrics:', (_, rubric) => {
  const said = validatePlanSchema(judge(rubric), () => undefined).diagnostics.filter(
    (d) => d.path.join('.') === 'judges.strict.rubric',
  );
  expect(said.map((d) => `${d.code} ${d.hint}`)).toEqual([
    "EVALC_SCHEMA_TYPE a judge names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice",
  ]);
});

it('a dataset written as its url is told the mapping with the url masked (QA232)', () => {
  // 'a dataset is a mapping: d1: { source: https://user:Passw0rd@…?token=… }' printed both, while the
  // message and the excerpt masked them.
  const raw = {
    evalc: 1,
    benchmark: { id: 'b', version: '1.0.0' },
    tasks: {
      t: { datasets: { d1: 'https://user:Passw0rdQA232@127.0.0.1:9/d.jsonl?token=QA232tokenvalue9' } },
    },
  };
  const said = validatePlanSchema(raw, () => undefined).diagnostics.filter(
    (d) => d.path.join('.') === 'tasks.t.datasets.d1',
  );
  expect(said.map((d) => d.hint)).toEqual([
    'a dataset is a mapping: d1: { source: https://user:***@127.0.0.1:9/d.jsonl?token=*** }',
  ]);
  expect(JSON.stringify(said)).not.toMatch(/QA232/);
});
