/**
 * QA283: a ground_truth_protection without `expected:` reads its candidate's hash field, and the
 * candidate is the binding's: an agent whose own binding outputs `text` alone reads
 * expected_sha256.text. b7221808's check ran once per task and dataset, under the first agent's
 * binding (`answer`), so every example of a2 was a metric_error at apply with nothing said.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function warnings(a2Output: string, field = 'answer'): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
  a2: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: output.answer } }
      a2: { input: { q: "{{q}}" }, output: { ${a2Output}: output.answer } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: ground_truth_protection } ]
`,
    'd.jsonl': `{"id":"a","vars":{"q":"x"},"expected_sha256":{"${field}":"${hash}"}}\n{"id":"b","vars":{"q":"y"},"expected_sha256":{"${field}":"${hash}"}}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.message);
}

it("warns of the hash field another agent's binding reads", async () => {
  expect(await warnings('text')).toEqual([
    // naming the agent whose candidate it is, as the agents' differ (QA288)
    "`ground_truth_protection` reads expected.text (agent a2's candidate, as it has no expected:), which the expected_sha256 of examples a, b do not have (example a's fields: answer): their metric is a metric_error",
  ]);
});

it('says nothing when each binding reads a field the examples have', async () => {
  expect(await warnings('answer')).toEqual([]);
});

it('warns once of a misspelt field both bindings read', async () => {
  expect(await warnings('answer', 'answr')).toHaveLength(1);
});

/**
 * QA283: a CSV keeping a public `expected.rationale` beside a hashed `expected_sha256.answer` — a
 * dataset that hashes only some fields — scored `{ type: exact_match }` 0 in every row with nothing
 * said: without `expected:` it reads expected.answer only where the expected value has it, so it
 * compared the answer with the whole `{rationale}`. Warned, the hint naming `expected: answer`.
 */
it('warns of a hashed answer beside public fields under a metric without expected:', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.csv } }
    metrics: [ { type: exact_match }, { type: exact_match, id: named, expected: answer } ]
`,
    'd.csv': `id,q,expected.rationale,expected_sha256.answer\na,x,capital,${hash}\nb,y,,${hash}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  expect(r.diagnostics.map((d) => `${d.code} ${d.path.join('.')} ${d.message} | ${d.hint}`)).toEqual([
    "EVALC_REF_EXPECTED tasks.t.metrics.0 `exact_match` has no expected:, so it reads expected.answer only where the expected value has it: examples a, b keep answer in expected_sha256 beside an expected value without it (example a's fields: rationale), so their metric compares the answer with that whole value | write `expected: answer`, which reads expected_sha256.answer where the expected value has no answer",
  ]);
});
