/**
 * The set-up of the tests of `evalc report`'s notes on what its cache lacks (QA289, QA300): examples
 * the counting agent answers right, a plan whose agent-eval judge is a command that fails, and a
 * lock applied over a cache of fewer examples.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ExampleSpec, runCli, writeDataset } from '../e2e/apply-harness.js';

/** Example `id` (q = id) expecting the counting agent's code for it, `A-<id>`. */
export const codedExample = (id: string): ExampleSpec => ({
  id,
  vars: { q: id },
  expected: { codes: [`A-${id}`] },
});

/**
 * Adds judge `aj` (agent-eval, `node judge.mjs`, rubric `r`) scoring `{{candidate.answer}}` to the
 * plan written at `file`; returns the plan as written.
 */
export function addCommandJudge(file: string) {
  const plan = JSON.parse(readFileSync(file, 'utf8'));
  plan.judges = { aj: { protocol: 'agent-eval', command: 'node judge.mjs', rubric: 'r' } };
  plan.rubrics = { r: { dimensions: [{ id: 'relevance', description: 'R' }] } };
  plan.tasks.t1.metrics.push({ type: 'judge', judge: 'aj', content: '{{candidate.answer}}' });
  writeFileSync(file, JSON.stringify(plan));
  return plan;
}

/** `dir/judge.mjs`, a judge that says `judge down: <tag>` on stderr and exits 3. */
export function writeDownJudge(dir: string, tag: string): void {
  writeFileSync(path.join(dir, 'judge.mjs'), `console.error('judge down: ${tag}'); process.exit(3);\n`);
}

/** Applies q1 into the cache `old`, then q1…q3 into the run's own: `old` holds one example of the lock's three. */
export async function applyOverPartialCache(dir: string): Promise<void> {
  writeDataset(dir, 'd1.jsonl', [codedExample('q1')]);
  await runCli(['apply', '--quiet', '--cache-dir', 'old'], { cwd: dir });
  writeDataset(dir, 'd1.jsonl', [codedExample('q1'), codedExample('q2'), codedExample('q3')]);
  await runCli(['apply', '--quiet'], { cwd: dir });
}
