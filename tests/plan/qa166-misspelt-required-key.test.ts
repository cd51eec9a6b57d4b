/**
 * A required key written misspelt is said once, at the misspelling with its 'did you mean' (QA166:
 * `dataset:` also read 'missing required field `datasets`', hint 'add datasets: { … }', which the user
 * had written; a binding's `inputs:` the same). A key missing with no misspelling near it still is.
 */
import { expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

async function said(task: string): Promise<string[]> {
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
${task}`),
  };
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message} | ${d.hint}`);
}

it('says a misspelt required key once, and a missing one still', async () => {
  expect(
    await said(
      '    bindings: { default: { inputs: { q: "{{q}}" }, output: { a: output.a } } }\n    dataset: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }\n',
    ),
  ).toEqual([
    'EVALC_SCHEMA_UNKNOWN_KEY unknown key `inputs` in tasks.t.bindings.default | did you mean `input`?',
    'EVALC_SCHEMA_UNKNOWN_KEY unknown key `dataset` in tasks.t | did you mean `datasets`?',
  ]);
  expect(
    (await said('    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }\n')).map(
      (s) => s.split(' | ')[0],
    ),
  ).toEqual(['EVALC_SCHEMA_MISSING missing required field `datasets` in tasks.t']);
});

it('names the misspelling of a missing field that nothing else calls unknown', async () => {
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
metrics:
  - { typ: pass_rate }
`),
  };
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`)).toEqual([
    'missing required field `type` in metrics[0] | `typ`: did you mean `type`?',
  ]);
});
