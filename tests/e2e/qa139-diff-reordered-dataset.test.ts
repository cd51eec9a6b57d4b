/**
 * QA139: a pull request that only reorders a dataset's lines showed `! t1/d1: sha256 changed …` and
 * "No aggregate changed", with nothing saying what changed (`plan` says `because the examples of d1
 * were reordered`). The lock keeps each group's examples in file order: the diff says the ids are
 * the same, in another order.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a reordered dataset (QA139)', () => {
  it('says the sha256 changed with the same examples in another order', async () => {
    const dir = ctx.workspace('diff-reordered-dataset');
    const examples = countingExamples(4, 'n');
    writeDataset(dir, 'd1.jsonl', examples);
    writeDataset(dir, 'd2.jsonl', countingExamples(3, 'm'));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    writeDataset(dir, 'd1.jsonl', [...examples].reverse());
    // d2 loses a row: not a reorder.
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'm'));
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /t1\/d1: sha256 changed [0-9a-f]{12}… → [0-9a-f]{12}… \(the same 4 example ids in another order: the bootstrap CIs resample in file order\)/,
    );
    expect(text.stdout).toMatch(/t1\/d2: sha256 changed [0-9a-f]{12}… → [0-9a-f]{12}…\n/);
  });
});
