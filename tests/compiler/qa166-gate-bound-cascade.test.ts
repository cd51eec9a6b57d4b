/**
 * A gate whose bound has an error of its own (`min: "0.5"`, text in YAML) is not also told 'a gate
 * needs min:, max: or regression:' (QA166: both were said, the second a cascade of the first, the
 * salvaged plan having left the refused bound out); a gate with no bound is still told so.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('says a refused gate bound once, and a missing one still', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: g }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metrics: [ { type: contains, candidate: a, expected: a } ]
gates:
  - { metric: contains, min: "0.5" }
  - { metric: contains, regression: 0.02 }
  - { metric: contains }
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
      .map((d) => `${d.source?.line}:${d.source?.col} ${d.code}`),
  ).toEqual(['11:30 EVALC_SCHEMA_TYPE', '12:37 EVALC_SCHEMA_TYPE', '13:5 EVALC_GATE_EMPTY']);
});
