/**
 * QA104 (review of 2436499): an agent, task, dataset or judge named `__proto__` vanished from the
 * plan without a word — zod's record skips that key, so its id rule (a letter or digit first)
 * never ran: a plan whose only task was `__proto__` said 'the plan has no tasks' (a warning) and
 * validated (900abe8 the same). Such a key is the id error other ids get, at the key.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics, withLine, withMessage } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: b }
agents:
  __proto__: { protocol: raip, url: "http://127.0.0.1:9" }
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets:
      __proto__: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] }
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] }
    metrics: [ { type: exact_match } ]
`;

describe('an id named __proto__ (QA104)', () => {
  it('is an invalid id at its key, not dropped', async () => {
    const errors = (await planDiagnostics(plan)).filter((d) => d.severity === 'error');
    expect(errors.map(withLine)).toEqual([
      'error EVALC_SCHEMA_INVALID agents.__proto__ 4',
      'error EVALC_SCHEMA_INVALID tasks.t.datasets.__proto__ 10',
    ]);
    expect(withMessage(errors[0]!)).toContain('agents: "__proto__" is not a valid id: ids use ASCII letters');
  });

  it('a plan whose only task is __proto__ is refused, not "no tasks"', async () => {
    const found = (
      await planDiagnostics(`evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  __proto__:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match } ]
`)
    ).map(withLine);
    expect(found).toEqual(['error EVALC_SCHEMA_INVALID tasks.__proto__ 6']);
  });
});
