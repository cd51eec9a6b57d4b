/**
 * The set-up of the tests of what apply says of a mae agent it cannot reach (QA281, QA291): a temp
 * folder, removed when the test finishes, holding one question (q1, '2+2?', expecting 4) and the
 * plan of agent `a1` asked it, its final_answer scored by exact_match.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempFolder } from '../fixtures/temp-folder.js';

/** The folder `evalc-<prefix>-…` of that plan, agent `a1` being `agent` (a YAML flow mapping). */
export function maeQuestionFolder(prefix: string, agent: string): string {
  const dir = tempFolder(`evalc-${prefix}-`);
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    '{"id":"q1","vars":{"question":"2+2?"},"expected":{"answer":"4"}}\n',
  );
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: ${agent}
tasks:
  t:
    bindings: { default: { input: { query: "{{question}}" }, output: { answer: final_answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`,
  );
  return dir;
}
