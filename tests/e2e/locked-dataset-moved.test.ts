/**
 * `apply --locked` after a dataset file was renamed with the same content: the plan digest
 * changed but no step did, and the refusal said "no step changes: e.g. a description or a gate"
 * (QA21 D). It names the dataset whose source moved.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked after a dataset file moved', () => {
  it('names the dataset whose source changed with the same content', async () => {
    const dir = ctx.workspace('locked-moved');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    renameSync(path.join(dir, 'd1.jsonl'), path.join(dir, 'examples.jsonl'));
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"d1.jsonl"', '"examples.jsonl"'));
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('t1/d1: source d1.jsonl → examples.jsonl (same content)');
    expect(locked.stderr).not.toContain('e.g. a description or a gate');
  });
});
