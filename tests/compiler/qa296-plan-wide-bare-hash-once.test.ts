/**
 * QA296 (f621ccca's case for a plan-wide metric): a `ground_truth_protection` under the plan's
 * `metrics:` without `expected:`, over one dataset two tasks score — t1's agents reading two
 * candidates (a1, a3 `answr`; a2 `label`), t2's all `answr` — was warned per task at its one line:
 * t1's 'reads expected.answr (the candidate of agents a1, a3, …)' and t2's 'reads expected.answr (its
 * candidate, …)' of the same examples, two warnings of one, the task named by neither. Whose
 * candidate it is is gathered over every task that scores it: one warning per field, naming the
 * agents only when each reads one field (a2 reads two here: 'its candidate' each, as before QA288).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);
const binding = (agent: string, output: string) =>
  `      ${agent}: { input: { q: "{{q}}" }, output: { ${output}: output.x } }`;

async function messages(t1Outputs: string[], t2Outputs: string[]): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
  a2: { protocol: raip, url: "http://127.0.0.1:9" }
  a3: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t1:
    bindings:
${t1Outputs.map((output, i) => binding(`a${i + 1}`, output)).join('\n')}
    datasets: { d: { source: d.jsonl } }
  t2:
    bindings:
${t2Outputs.map((output, i) => binding(`a${i + 1}`, output)).join('\n')}
    datasets: { d: { source: d.jsonl } }
metrics: [ { type: ground_truth_protection } ]
`,
    'd.jsonl': `{"id":"e1","vars":{"q":"x"},"expected_sha256":{"answer":"${hash}"}}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.message);
}

const tail =
  "as it has no expected:), which the expected_sha256 of example e1 does not have (example e1's fields: answer): its metric is a metric_error";

it('one warning per field over the tasks that score the plan-wide metric', async () => {
  // a2 reads label in t1, answr in t2: naming agents tells nothing apart, so neither is named
  expect(await messages(['answr', 'label', 'answr'], ['answr', 'answr', 'answr'])).toEqual([
    `\`ground_truth_protection\` reads expected.answr (its candidate, ${tail}`,
    `\`ground_truth_protection\` reads expected.label (its candidate, ${tail}`,
  ]);
});

it('names the agents when each reads one field in every task', async () => {
  expect(await messages(['answr', 'label', 'answr'], ['answr', 'label', 'answr'])).toEqual([
    `\`ground_truth_protection\` reads expected.answr (the candidate of agents a1, a3, ${tail}`,
    `\`ground_truth_protection\` reads expected.label (agent a2's candidate, ${tail}`,
  ]);
});

it("says 'its candidate', once, when every task's agents read the same field", async () => {
  expect(await messages(['answr', 'answr', 'answr'], ['answr', 'answr', 'answr'])).toEqual([
    `\`ground_truth_protection\` reads expected.answr (its candidate, ${tail}`,
  ]);
});
