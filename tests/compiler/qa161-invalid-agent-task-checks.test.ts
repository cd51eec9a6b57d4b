/**
 * An agent with an error of its own no longer hides the errors of the tasks it runs in (QA161:
 * `protocol: rapi` was the only error validate printed; the task's unknown template variable and
 * its metric's content error waited for the next run). No "unknown agent" follows from it either.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (agent: string) => `evalc: 1
benchmark: { id: g }
agents:
  a1: ${agent}
tasks:
  t:
    agents: [a1]
    bindings:
      a1:
        input: { q: "{{qq}}" }
        output: { a: "output.a" }
    datasets:
      d: { examples: [ { id: x1, vars: { q: hello }, expected: { a: hi } } ] }
    metrics:
      - { type: contains, candidate: a, expected: a }
      - { type: regex, candidate: b, pattern: "x" }
`;

async function errors(text: string) {
  const dir = writeFiles({ 'evalc.yaml': text });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.map((d) => `${d.severity} ${d.code} ${d.source?.line}:${d.source?.col}`);
}

describe('an agent with an error of its own', () => {
  it('leaves the checks of its tasks running: a misspelt protocol', async () => {
    expect(await errors(plan('{ protocol: rapi, url: http://127.0.0.1:7101 }'))).toEqual([
      'error EVALC_SCHEMA_VALUE 4:19',
      'error EVALC_BIND_UNKNOWN_VAR 10:21',
      'error EVALC_REF_CANDIDATE 16:35',
    ]);
  });

  it('leaves the checks of its tasks running: a wrong type', async () => {
    expect(await errors(plan('{ protocol: raip, url: 12 }'))).toEqual([
      'error EVALC_SCHEMA_TYPE 4:30',
      'error EVALC_BIND_UNKNOWN_VAR 10:21',
      'error EVALC_REF_CANDIDATE 16:35',
    ]);
  });
});
