/**
 * QA288: a ground_truth_protection or exact_match without `expected:` reads its candidate, each
 * agent's binding's output (9a7057b2). Bindings with different candidates over a misspelt hash field
 * gave two warnings at the one metric, 'reads expected.answer (its candidate, …)' and 'reads
 * expected.text (its candidate, …)', naming no agent: which agent's binding read `text` was left to
 * guess. When the agents' candidates differ, each warning names whose candidate it reads; when they
 * agree, it says 'its candidate' as before, once.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function messages(outputs: string[], dataset: string, file = 'd.jsonl'): Promise<string[]> {
  const agents = outputs
    .map((_, i) => `  a${i + 1}: { protocol: raip, url: "http://127.0.0.1:9" }`)
    .join('\n');
  const bindings = outputs
    .map((name, i) => `      a${i + 1}: { input: { q: "{{q}}" }, output: { ${name}: output.x } }`)
    .join('\n');
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
${agents}
tasks:
  t:
    bindings:
${bindings}
    datasets: { d: { source: ${file} } }
    metrics: [ { type: ground_truth_protection } ]
`,
    [file]: dataset,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.message);
}

const misspelt = `{"id":"a","vars":{"q":"x"},"expected_sha256":{"answr":"${hash}"}}\n{"id":"b","vars":{"q":"y"},"expected_sha256":{"answer":"${hash}"}}\n`;

it('names the agents whose candidate each warning reads when they differ', async () => {
  expect(await messages(['answer', 'text', 'answer'], misspelt)).toEqual([
    "`ground_truth_protection` reads expected.answer (the candidate of agents a1, a3, as it has no expected:), which the expected_sha256 of example a does not have (example a's fields: answr): its metric is a metric_error",
    "`ground_truth_protection` reads expected.text (agent a2's candidate, as it has no expected:), which the expected_sha256 of examples a, b do not have (example a's fields: answr): their metric is a metric_error",
  ]);
});

it("says 'its candidate', once, when every agent's is the same", async () => {
  expect(await messages(['answer', 'answer'], misspelt)).toEqual([
    "`ground_truth_protection` reads expected.answer (its candidate, as it has no expected:), which the expected_sha256 of example a does not have (example a's fields: answr): its metric is a metric_error",
  ]);
});

it('names the agent of a hash kept beside public fields it never reads', async () => {
  const csv = `id,q,expected.rationale,expected_sha256.answer,expected_sha256.text\na,x,capital,${hash},${hash}\n`;
  expect(await messages(['answer', 'text'], csv, 'd.csv')).toEqual([
    "`ground_truth_protection` has no expected:, so it reads expected.answer (agent a1's candidate) only where the expected value has it: example a keeps answer in expected_sha256 beside an expected value without it (example a's fields: rationale), so its metric compares the answer with that whole value",
    "`ground_truth_protection` has no expected:, so it reads expected.text (agent a2's candidate) only where the expected value has it: example a keeps text in expected_sha256 beside an expected value without it (example a's fields: rationale), so its metric compares the answer with that whole value",
  ]);
});
