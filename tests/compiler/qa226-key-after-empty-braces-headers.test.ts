/**
 * QA226 (the case next to 4e33710): a header written under `headers: {}`, a placeholder left empty,
 * at the agent's own column (`authorization: "Bearer …"`), read 'unknown key `authorization` in
 * agents.a1' with no hint, where a `headers:` left with nothing after it is told to indent it. It is
 * told to write it in the braces, its value never repeated; a served process's `env: {}` alike; a
 * `headers:` with entries gives no such hint.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('tells a key after headers: {} to write it in the braces', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101/v1
    headers: {}
    authorization: "Bearer sk-HdrTok8815"
  a2:
    protocol: http
    url: http://127.0.0.1:7102/v1
    serve:
      command: node a.mjs
      env: {}
      TOKEN: EnvTok8815
  a3:
    protocol: raip
    url: http://127.0.0.1:7103/v1
    headers: { x-tenant: acme }
    x-api-key: HdrKey8815
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
    'unknown key `authorization` in agents.a1 | `headers` above it is `{}`: if `authorization` is one of its entries, write it in its braces, `headers: { authorization: … }`',
    'unknown key `TOKEN` in agents.a2.serve | `env` above it is `{}`: if `TOKEN` is one of its entries, write it in its braces, `env: { TOKEN: … }`',
    'unknown key `x-api-key` in agents.a3 | ',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/8815/);
});
