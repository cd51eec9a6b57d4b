/**
 * A gate on a metric type the plan does not compute says to add it (QA161: `metric: pass_rate` with no
 * `pass_rate` under any metrics: read "gate names unknown metric `pass_rate`" and no more); an unknown
 * name lists the plan's metrics.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (gate: string) => `evalc: 1
benchmark: { id: g }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metrics:
      - { id: strict, type: exact_match, candidate: a, expected: a }
gates:
  - ${gate}
`;

async function hint(gate: string) {
  const dir = writeFiles({ 'evalc.yaml': plan(gate) });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_METRIC').map((d) => d.hint);
}

describe('a gate on a metric the plan does not compute', () => {
  it('of a type evalc has: add it under metrics', async () => {
    expect(await hint('{ metric: pass_rate, min: 0.5 }')).toEqual([
      "a gate reads a metric the plan computes: add `{ type: pass_rate, … }` under the plan's metrics: (every task) or a task's",
    ]);
  });

  it('of no type: the plan’s metrics, or the near one', async () => {
    expect(await hint('{ metric: nothing_like_it, min: 0.5 }')).toEqual(["the plan's metrics: strict"]);
    expect(await hint('{ metric: strikt, min: 0.5 }')).toEqual(['did you mean `strict`?']);
  });
});
