/**
 * Regression (QA224): `include: agents.yaml`, one path written for the list, is refused with a
 * hint that writes the list; the file it names was then not read, so every binding of an agent
 * that file defines also read "binding for unknown agent `a2`" (hint: "did you mean `a1`?"), one
 * error per id, none of them the user's mistake. The file is read now: only the list is said.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

it('one include path written alone is the only error', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
include: agents.yaml
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { a: output.a } }
      a2: { input: { messages: [{ role: user, content: "{{q}}" }] }, output: { a: "messages[-1].content" } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
    'agents.yaml': `agents:
  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.hint}`),
  ).toEqual(['EVALC_SCHEMA_TYPE 2:10 write a list, even of one item: include: [agents.yaml]']);
});

/** QA228: the string is read as the list its hint writes, so the hint is the only error. */
it('one include string is read as the list its hint writes: two files, or none', async () => {
  const said = async (include: string) => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
include: ${include}
benchmark: { id: b }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { a: output.a } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
      'a1.yaml': 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n',
      'a2.yaml': 'agents:\n  a2: { protocol: raip, url: http://127.0.0.1:7102 }\n',
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
  };
  expect(await said('a1.yaml, a2.yaml')).toEqual([
    'EVALC_SCHEMA_TYPE include: expected a list, got the string "a1.yaml, a2.yaml"',
  ]);
  expect(await said('""')).toEqual(['EVALC_SCHEMA_TYPE include: expected a list, got the string ""']);
});
