/**
 * Regression (QA224): a judge metric given its rubric inline, `rubric: { dimensions: [ … ] }`, was
 * refused in zod's words only ("judge: rubric: Invalid input: expected string, received object"),
 * with no hint; a rubric is named there and defined under the plan's `rubrics:`, which it now says.
 */
import { expect, it } from 'vitest';
import { loadInlineRubricPlan } from '../fixtures/inline-rubric-plan.js';

it('an inline rubric is told to move under rubrics:', async () => {
  const r = await loadInlineRubricPlan('{ dimensions: [ { id: rel, description: r, weight: 1 } ] }');
  expect(
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.hint}`),
  ).toEqual([
    "EVALC_METRIC_PARAM 12:70 a metric names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice",
  ]);
});
