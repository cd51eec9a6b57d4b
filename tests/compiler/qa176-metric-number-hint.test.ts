/**
 * QA176: a metric parameter written as text where a number goes (`rel_tol: 1%`, `abs_tol: "0.5"`) read
 * 'numeric: rel_tol: Invalid input: expected number, received string' with no hint, where a plan key
 * (`threshold: 90%`) is told the number to write; the number told validates.
 */
import { expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const hints = async (params: string) =>
  (
    await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { answer: "1" } } ] } }
    metrics:
      - { type: numeric, candidate: answer, expected: answer, ${params} }
`)
  )
    .filter((d) => d.code === 'EVALC_METRIC_PARAM')
    .map((d) => d.hint);

it('tells a metric parameter written as text the number to write, checked first (QA176)', async () => {
  expect(await hints('rel_tol: 1%')).toEqual(['a share is a fraction: rel_tol: 0.01 (for 1%)']);
  expect(await hints('abs_tol: 5%')).toEqual([
    'write a number without quotes (a percentage is text in YAML)',
  ]);
  expect(await hints('abs_tol: "0.5"')).toEqual(['write the number without quotes: abs_tol: 0.5']);
  expect(await hints('abs_tol: "-1"')).toEqual([
    'write a number without quotes (-1 is refused there too: expected number to be >=0)',
  ]);
  expect(await hints('abs_tol: 0.5, rel_tol: 0.01')).toEqual([]);
});
