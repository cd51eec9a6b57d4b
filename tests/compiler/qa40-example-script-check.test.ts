/**
 * QA40: an example's `tools` and `policies` (the mae sandbox and governance) in a shape the run
 * cannot use were accepted and then ignored: `tools: 5` declared no mock, `max_limit: "fifty"`
 * never triggered, `forbidden: "yes"` forbade nothing — the agent was evaluated without the
 * mock or policy the author wrote. They are refused at their line, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const messages = async (file: string, text: string) =>
  (await loadDatasetPlan(file, { [file]: text })).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`,
  );

const line = (fields: Record<string, unknown>) => JSON.stringify({ id: 'e', vars: { q: 'x' }, ...fields });

describe('mae script fields of an example (QA40)', () => {
  it('refuses tools and policies the sandbox would ignore, at their line', async () => {
    const rows = [
      line({ tools: { get: { output: 1 } }, policies: { refund: { max_limit: '50', forbidden: false } } }),
      line({ tools: 5 }),
      line({ tools: { get: [{ when: 'id=1', output: 1 }] } }),
      line({ policies: { refund: { max_limit: 'fifty' } } }),
      line({ policies: { refund: { forbidden: 'yes' } } }),
      line({ policies: { refund: { allowed_values: { currency: 'EUR' } } } }),
    ].map((r, i) => r.replace('"id":"e"', `"id":"e${i}"`));
    expect(await messages('d.jsonl', `${rows.join('\n')}\n`)).toEqual([
      '2:37 EVALC_EXAMPLE_INVALID invalid example (tools): expected a mapping of tool names, got 5',
      '3:53 EVALC_EXAMPLE_INVALID invalid example (tools.get.0.when): expected a mapping of parameters, got "id=1"',
      '4:63 EVALC_EXAMPLE_INVALID invalid example (policies.refund.max_limit): expected a number, got "fifty"',
      '5:63 EVALC_EXAMPLE_INVALID invalid example (policies.refund.forbidden): expected true or false, got "yes"',
      '6:80 EVALC_EXAMPLE_INVALID invalid example (policies.refund.allowed_values.currency): expected a list of values, got "EUR"',
    ]);
  });

  it('points at the field in a YAML dataset', async () => {
    const yaml = '- id: a\n  vars: { q: x }\n  policies:\n    refund:\n      max_limit: lots\n';
    expect(await messages('d.yaml', yaml)).toEqual([
      '5:18 EVALC_EXAMPLE_INVALID invalid example (policies.refund.max_limit): expected a number, got "lots"',
    ]);
  });
});
