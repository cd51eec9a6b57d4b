/**
 * QA44: DESIGN §2's example keys (`vars`, `expected`, `turns`, `tools`, …). Other keys are kept as
 * data, so a near miss in one line of a dataset — `expeted`, `var`, `turn` — was never read and
 * that example silently scored without its expected value. It now warns once per key, at its
 * first example, with a count; metadata keys far from every example key stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const LINES = [
  { id: 'e1', vars: { q: 'a' }, expected: { answer: 'a' }, category: 'easy', source: 'web', name: 'n' },
  { id: 'e2', vars: { q: 'b' }, expeted: { answer: 'b' } },
  { id: 'e3', vars: { q: 'c' }, expected: { answer: 'c' } },
  { id: 'e4', vars: { q: 'd' }, expeted: { answer: 'd' } },
];

describe('an example key that is a near miss of one evalc reads', () => {
  it('warns once at its first example, with how many have it', async () => {
    const jsonl = `${LINES.map((line) => JSON.stringify(line)).join('\n')}\n`;
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': jsonl }, [
      '{ type: exact_match, candidate: answer, expected: answer }',
    ]);
    const found = result.diagnostics
      .filter((d) => d.code === 'EVALC_EXAMPLE_UNKNOWN_KEY')
      .map(
        (d) => `${d.severity} ${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
      );
    expect(found).toEqual([
      'warning d.jsonl:2:39 example key `expeted` is not read by evalc (kept as data); 2 examples have it | did you mean `expected`?',
    ]);
    expect(result.compiled).toBeDefined();
  });
});
