/**
 * QA222 (the case next to 839fb3b): EVALC_URL_INVALID quoted the url as written, `url
 * "http://user:Passw0rd@127.0.0.1:99999/v1" is not an absolute URL`, its password and query
 * credential in the terminal and --json, while the excerpt below it masked them. A url no parser
 * reads is masked as text: `user:***@`, a token alone `***@`, `?token=***`.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('says a url it cannot read without its password or query credential', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1: { protocol: raip, url: "http://user:Passw0rd8812@127.0.0.1:99999/v1" }
  a2: { protocol: raip, url: "http://127.0.0.1:99999/v1?token=QueryTok8812" }
  a3: { protocol: raip, url: "http//Tok3n8812xyz@127.0.0.1:7000/v1" }
  a4: { protocol: raip, url: "127.0.0.1:7000/v1?code=NoScheme8812" }
judges:
  j: { protocol: openai, url: "http://u:p@ss8812@h st/v1", model: m }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics.filter((d) => d.code === 'EVALC_URL_INVALID').map((d) => d.message);
  expect(said).toEqual([
    'agent a1: url "http://user:***@127.0.0.1:99999/v1" is not an absolute URL (expected http://host:port/…)',
    'agent a2: url "http://127.0.0.1:99999/v1?token=***" is not an absolute URL (expected http://host:port/…)',
    'agent a3: url "http//***@127.0.0.1:7000/v1" is not an absolute URL (expected http://host:port/…)',
    'agent a4: url "127.0.0.1:7000/v1?code=***" is missing its scheme (write http://127.0.0.1:7000/v1?code=***)',
    'judge j: url "http://u:***@h st/v1" is not an absolute URL (expected http://host:port/…)',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/8812/);
});
