/**
 * Regression (QA224): a mistake inside an anchored mapping that another mapping merges
 * (`a1: &raip { limts: … }`, `a1b: { <<: *raip }`) is refused for both agents, and a1b's error
 * pointed at a1b's `{`, where nothing is wrong; it is said where the mistake is written (line 5),
 * through the merge key, and through a plain alias (`limits: *lim`) too.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: b }
agents:
  a1: &raip
    limts: { concurrency: 2 }
    protocol: raip
    url: http://127.0.0.1:7101
  a1b: { <<: *raip, description: merged }
  a2: { protocol: raip, url: http://127.0.0.1:7102, limits: &lim { concurency: 2 } }
  a3: { protocol: raip, url: http://127.0.0.1:7103, limits: *lim }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

it('an error merged from an anchor is said where it is written', async () => {
  const dir = writeFiles({ 'evalc.yaml': plan });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
      .map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`),
  ).toEqual([
    '5:5 unknown key `limts` in agents.a1',
    '5:5 unknown key `limts` in agents.a1b',
    '9:68 unknown key `concurency` in agents.a2.limits',
    '9:68 unknown key `concurency` in agents.a3.limits',
  ]);
});

it('a mistake merged into two agents, said in the same words at one place, is said once', async () => {
  const dir = writeFiles({
    'evalc.yaml': plan
      .replace(
        '    limts: { concurrency: 2 }\n',
        '    headers: { authorization: "Bearer ${env.TOKEN:-sk-dev-1234}" }\n',
      )
      .replace(', limits: &lim { concurency: 2 }', '')
      .replace(', limits: *lim', ''),
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.source?.line}:${d.source?.col}`),
  ).toEqual(['EVALC_SECRET_SYNTAX 5:31']);
});
