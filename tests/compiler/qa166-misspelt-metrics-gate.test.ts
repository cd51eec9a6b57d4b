/**
 * A task's `metrics:` written misspelt (`metric:`) is said once, unknown with "did you mean
 * `metrics`?": the gate on one of its metrics also read 'gate names unknown metric `exact_match`',
 * hint 'add { type: exact_match, … } under metrics:', which the user had done (QA166). A gate on a
 * metric written nowhere still is unknown.
 */
import { expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

it('does not call a metric under a misspelt metrics: key unknown at the gate', async () => {
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metric:
      - { type: exact_match, candidate: a, expected: a }
gates:
  - { metric: exact_match, min: 0.5 }
  - { metric: rouge_l, min: 0.5 }
`),
  };
  expect(
    r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.source?.line} ${d.message}`),
  ).toEqual(['9 unknown key `metric` in tasks.t', '13 gate names unknown metric `rouge_l`']);
});

it('does not call a metric of tasks: written as a list unknown at the gate (QA172)', async () => {
  // tasks: refused whole ('expected a mapping, got a list', with its hint) also read 'gate names
  // unknown metric `exact_match`', hint 'add { type: exact_match, … }', which the user had written.
  for (const task of ['  - t:\n    metrics:', '  - t:\n      metrics:']) {
    const r = {
      diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
${task}
      - { type: exact_match, candidate: a, expected: a }
gates:
  - { metric: exact_match, min: 0.5 }
  - { metric: rouge_l, min: 0.5 }
`),
    };
    expect(
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.source?.line} ${d.message}`),
    ).toEqual(['6 tasks: expected a mapping, got a list', '11 gate names unknown metric `rouge_l`']);
  }
});
