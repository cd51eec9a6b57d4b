/**
 * QA40: a dataset key named `__proto__` in `vars` (a JSONL var, a YAML mapping key, a CSV column
 * `vars.__proto__.x`) or in `policies` vanished from the example without a word — the agent got
 * `vars: {}` — because the example schema reads those mappings as records, which drop that key.
 * It is refused at its line instead (README: values are never silently dropped).
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const errors = async (file: string, text: string) => {
  const r = await loadDatasetPlan(file, { [file]: text });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.source?.file}:${d.source?.line} ${d.code} ${d.message}`);
};

describe('a __proto__ key in an example (QA40)', () => {
  it('is refused at its line in JSONL, YAML and CSV', async () => {
    expect(
      await errors(
        'd.jsonl',
        '{"id":"a","vars":{"q":"x"}}\n{"id":"b","vars":{"__proto__":{"x":1},"q":"y"}}\n',
      ),
    ).toEqual(['d.jsonl:2 EVALC_EXAMPLE_INVALID invalid example (vars.__proto__): a key named `__proto__`']);
    expect(await errors('d.yaml', '- id: a\n  vars: { q: x, __proto__: { x: 1 } }\n')).toEqual([
      'd.yaml:2 EVALC_EXAMPLE_INVALID invalid example (vars.__proto__): a key named `__proto__`',
    ]);
    expect(await errors('d.csv', 'id,q,vars.__proto__.x\na,x,y\n')).toEqual([
      'd.csv:2 EVALC_EXAMPLE_INVALID invalid example (vars.__proto__): a key named `__proto__`',
    ]);
    expect(
      await errors('d.jsonl', '{"id":"a","vars":{"q":"x"},"policies":{"refund":{"__proto__":{"max":1}}}}\n'),
    ).toEqual([
      'd.jsonl:1 EVALC_EXAMPLE_INVALID invalid example (policies.refund.__proto__): a key named `__proto__`',
    ]);
  });

  it('keeps an ordinary var named like an Object method', async () => {
    const r = await loadDatasetPlan('d.jsonl', {
      'd.jsonl': '{"id":"a","vars":{"q":"x","constructor":"c"}}\n',
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.resolved?.datasets[0]?.examples[0]?.vars).toEqual({ q: 'x', constructor: 'c' });
  });
});
