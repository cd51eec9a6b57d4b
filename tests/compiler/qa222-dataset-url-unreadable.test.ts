/**
 * QA222 (the case next to 839fb3b): a dataset `source:` url no parser reads, a port mistyped
 * (`https://u:Passw0rd@127.0.0.1:99999/d.jsonl?sig=…`), read 'dataset URL must use https: https://u:Passw0rd@…'
 * of an https url, its password as written in the terminal and --json. It is said not to be an
 * absolute URL, EVALC_URL_INVALID as an agent's url is, its password and query credential masked.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('says a dataset url it cannot read is no url, its credentials masked', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:7101/v1" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { source: "https://u:Passw0rd8813@127.0.0.1:99999/d.jsonl?sig=QuerySig8813" }
      e: { source: "http://example.com/d.jsonl" }
    metrics: [ { type: contains, expected: a } ]
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics
    .filter((d) => d.code === 'EVALC_URL_INVALID' || d.code === 'EVALC_DATASET_INSECURE')
    .map((d) => `${d.code} ${d.message}`);
  expect(said).toEqual([
    'EVALC_URL_INVALID dataset url "https://u:***@127.0.0.1:99999/d.jsonl?sig=***" is not an absolute URL (expected https://host/…)',
    'EVALC_DATASET_INSECURE dataset URL must use https: http://example.com/d.jsonl',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/8813/);
});
