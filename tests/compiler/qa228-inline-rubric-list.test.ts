/**
 * Regression (QA228): the case next to 9e0b1bc. A judge metric given its rubric's dimensions inline
 * as a list, `rubric: [ { id: rel, … } ]`, read zod's words only ("judge: rubric: Invalid input:
 * expected string, received array"), no hint, where the mapping form, `rubric: { dimensions: … }`,
 * is told to define it under `rubrics:` and name it. Both are told so now.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('a rubric written inline as its dimensions list is told to move under rubrics:', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.a}}", rubric: [ { id: rel, description: r, weight: 1 } ] }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.hint}`),
  ).toEqual([
    "EVALC_METRIC_PARAM 12:70 a metric names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice",
  ]);
});
