/**
 * Regression (QA228): the case next to 9e0b1bc. A judge metric given its rubric's dimensions inline
 * as a list, `rubric: [ { id: rel, … } ]`, read zod's words only ("judge: rubric: Invalid input:
 * expected string, received array"), no hint, where the mapping form, `rubric: { dimensions: … }`,
 * is told to define it under `rubrics:` and name it. Both are told so now.
 */
import { expect, it } from 'vitest';
import { loadInlineRubricPlan } from '../fixtures/inline-rubric-plan.js';

it('a rubric written inline as its dimensions list is told to move under rubrics:', async () => {
  const r = await loadInlineRubricPlan('[ { id: rel, description: r, weight: 1 } ]');
  expect(
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.hint}`),
  ).toEqual([
    "EVALC_METRIC_PARAM 12:70 a metric names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice",
  ]);
});
