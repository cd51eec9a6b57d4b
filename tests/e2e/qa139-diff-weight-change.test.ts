/**
 * QA139: a pull request that re-weights a dataset (`weight: 1` → `3`) moved the task and benchmark
 * means while `evalc diff` named nothing but the plan's digest: the aggregates changed with no
 * example changed, as if the agent had. The weights each lock records per group are compared.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a dataset weight changed in the plan (QA139)', () => {
  it('names the dataset, its old and new weight, as a change that confounds the aggregates', async () => {
    const dir = ctx.workspace('diff-weight-change');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    writeDataset(dir, 'd2.jsonl', countingExamples(3, 'm'));
    const file = writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    const plan = readFileSync(file, 'utf8');
    expect(plan).toContain('"source": "d1.jsonl"');
    writeFileSync(file, plan.replace('"source": "d1.jsonl"', '"source": "d1.jsonl", "weight": 3'));
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Not strictly comparable');
    expect(text.stdout).toContain('t1/d1: weight changed 1 → 3');
    expect(text.stdout).not.toContain('t1/d2: weight');
    const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const issues = JSON.parse(json.stdout).comparability;
    expect(issues.filter((i: { kind: string }) => i.kind === 'weight')).toEqual([
      {
        kind: 'weight',
        severity: 'warning',
        subject: 't1/d1',
        old: '1',
        new: '3',
        message: 't1/d1: weight changed 1 → 3 (the task and benchmark means weigh its examples anew)',
      },
    ]);
  });
});
