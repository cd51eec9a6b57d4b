/**
 * QA208: a header line indented back to the agents' column (`  x-key: "…"` after an agent's
 * `headers:`) reads as an agent of its own: 'agents.x-key: expected a mapping, got the string
 * "AbcdSecret99"' printed the value in the message (and --json); an agent or judge written as a
 * scalar is said by its type, as a header value is (QA166).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('says an agent or judge written as a string by its type only', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    headers:
      authorization: "Bearer x"
  x-key: "AbcdSecret99"
judges:
  j: "JudgeSecret77"
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache') });
  const said = r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_TYPE');
  expect(said.map((d) => d.message)).toEqual([
    'agents.x-key: expected a mapping, got a string',
    'judges.j: expected a mapping, got a string',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/AbcdSecret99|JudgeSecret77/);
});
