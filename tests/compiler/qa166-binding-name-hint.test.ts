/**
 * A binding whose name is neither `default` nor an agent says which names it may take (QA166:
 * `defualt:` read 'binding for unknown agent `defualt`' with no hint, `default` not being among
 * the names suggested).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (bindings: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    bindings:
${bindings}
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;
const B = '{ input: { q: "{{q}}" }, output: { a: output.a } }';

async function hints(text: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_AGENT').map((d) => `${d.message} | ${d.hint}`);
}

it('suggests default, then the agents', async () => {
  expect(await hints(plan(`      defualt: ${B}`))).toEqual([
    'binding for unknown agent `defualt` | did you mean `default`?',
  ]);
  expect(await hints(plan(`      default: ${B}\n      a3: ${B}`))).toEqual([
    'binding for unknown agent `a3` | did you mean `a1`?',
  ]);
  expect(await hints(plan(`      searcher: ${B}`))).toEqual([
    'binding for unknown agent `searcher` | a binding is named `default` or by an agent of the plan (a1, a2)',
  ]);
});
