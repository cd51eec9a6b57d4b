/**
 * Regression (QA224): a judge metric given its rubric inline, `rubric: { dimensions: [ … ] }`, was
 * refused in zod's words only ("judge: rubric: Invalid input: expected string, received object"),
 * with no hint; a rubric is named there and defined under the plan's `rubrics:`, which it now says.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('an inline rubric is told to move under rubrics:', async () => {
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
      - { type: judge, judge: j, content: "{{candidate.a}}", rubric: { dimensions: [ { id: rel, description: r, weight: 1 } ] } }
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
