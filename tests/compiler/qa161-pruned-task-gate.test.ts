/**
 * A task left out of a plan salvaged for its diagnostics takes its metrics with it; a gate on one of
 * them is not "unknown metric" (QA161: `bindings: 5` also read "gate names unknown metric `contains`"
 * at a gate that was right). A gate on a metric written nowhere still is.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (gates: string) => `evalc: 1
benchmark: { id: g }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: 5
    datasets:
      d: { examples: [ { id: x1, vars: { q: hello }, expected: { a: hi } } ] }
    metrics:
      - { type: contains, candidate: a, expected: a }
      - { id: strict, type: exact_match, candidate: a, expected: a }
gates:
${gates}`;

async function errors(text: string) {
  const dir = writeFiles({ 'evalc.yaml': text });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`);
}

describe('a gate on a metric of a task with an error', () => {
  it('is not reported unknown, by type or by id', async () => {
    expect(
      await errors(plan('  - { metric: contains, min: 0.5 }\n  - { metric: strict, min: 0.5 }\n')),
    ).toEqual(['EVALC_SCHEMA_TYPE 7:15 tasks.t.bindings: expected a mapping, got number 5']);
  });

  it('on a metric written nowhere still is', async () => {
    expect(await errors(plan('  - { metric: containz, min: 0.5 }\n'))).toEqual([
      'EVALC_SCHEMA_TYPE 7:15 tasks.t.bindings: expected a mapping, got number 5',
      'EVALC_REF_METRIC 14:15 gate names unknown metric `containz`',
    ]);
  });
});
