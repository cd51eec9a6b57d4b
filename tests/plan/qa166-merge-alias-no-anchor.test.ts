/**
 * An alias naming no anchor under a `<<` merge key (`<<: *base`, the anchor misspelt or in another
 * file) is said once, at the alias: since 5d9f759 read it as `null`, a `<<` holding no mapping stays
 * a field of that name, and the mapping also read 'unknown key `<<`' (QA166). It merges nothing now;
 * the mapping's own mistakes are still said.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const plan = (merge: string) => `evalc: 1
benchmark: { id: m }
agents:
  a1:
    <<: ${merge}
    protocol: raip
    url: http://127.0.0.1:7101
    limitz: 1
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

async function said(text: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.code}`);
}

it('says a merged alias with no anchor once, with the mapping’s other mistakes', async () => {
  expect(await said(plan('*base'))).toEqual(['5:9 EVALC_YAML_ALIAS', '8:5 EVALC_SCHEMA_UNKNOWN_KEY']);
  expect(await said(plan('[ *base, *more ]'))).toEqual([
    '5:11 EVALC_YAML_ALIAS',
    '5:18 EVALC_YAML_ALIAS',
    '8:5 EVALC_SCHEMA_UNKNOWN_KEY',
  ]);
});
