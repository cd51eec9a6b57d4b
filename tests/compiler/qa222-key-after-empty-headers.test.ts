/**
 * QA222 (ea7a481's case): a header written at its agent's (or judge's) own column under a `headers:`
 * left empty read 'unknown key `authorization` in agents.a1' with no hint: YAML reads it as the
 * agent's key. It is told to indent it under `headers:`, its value never repeated; a key written
 * before `headers:`, or with a right spelling near it, is told as before.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('tells a key after an empty headers: to indent it there', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101/v1
    headers:
    authorization: "Bearer sk-HdrTok8814"
    x-api-key: HdrKey8814
  a2:
    x-tenant: acme
    protocol: raip
    url: http://127.0.0.1:7102/v1
    headers:
judges:
  j:
    protocol: openai
    url: http://127.0.0.1:7103/v1
    model: m
    headers:
    api-key: HdrKey8814
    temprature: 0
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics
    .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
    .map((d) => `${d.message} | ${d.hint ?? ''}`);
  expect(said).toEqual([
    'unknown key `authorization` in agents.a1 | `headers` above it is empty: if `authorization` is one of its entries, indent it under `headers:`',
    'unknown key `x-api-key` in agents.a1 | `headers` above it is empty: if `x-api-key` is one of its entries, indent it under `headers:`',
    'unknown key `x-tenant` in agents.a2 | ',
    'unknown key `api-key` in judges.j | `headers` above it is empty: if `api-key` is one of its entries, indent it under `headers:`',
    'unknown key `temprature` in judges.j | did you mean `temperature`?',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/8814/);
});
