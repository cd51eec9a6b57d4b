/**
 * The stand-in that keeps the checks of an agent's tasks running (QA161: an http agent under the id
 * of one refused for its own error) is not described as the plan's agent: `protocol: chatt` read
 * 'agents `a2` (http) never have [tool calls]' at tool_call_match, an openai agent with `model: 5`
 * 'the `http` agent `a4` reports no model' at cost (QA166); a real http agent still is.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('warns of no protocol a refused agent does not have', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: s }
prices: { m: { input: 1, output: 1 } }
agents:
  a2: { protocol: chatt, url: http://127.0.0.1:7102/agent/respond }
  a4: { protocol: openai, url: http://127.0.0.1:7103/v1, model: 5 }
  h: { protocol: http, url: http://127.0.0.1:7104/x }
tasks:
  t:
    agents: [a2, a4]
    bindings: { default: { input: { q: "{{qq}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi, tool_calls: [] } } ] } }
    metrics:
      - { type: tool_call_match }
      - { type: cost }
  u:
    agents: [h]
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi, tool_calls: [] } } ] } }
    metrics:
      - { type: tool_call_match }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  const said = r.diagnostics.map((d) => `${d.source?.line} ${d.code} ${d.message}`);
  expect(said.filter((s) => /\(http\)|`http` agent/.test(s) && !s.includes('`h`'))).toEqual([]);
  expect(said.map((s) => s.split(' ').slice(0, 2).join(' '))).toEqual([
    '5 EVALC_SCHEMA_VALUE',
    '6 EVALC_SCHEMA_TYPE',
    '11 EVALC_BIND_UNKNOWN_VAR',
    '21 EVALC_METRIC_NO_TOOL_CALLS',
  ]);
});
