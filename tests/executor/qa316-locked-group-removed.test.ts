/**
 * QA316: `apply --locked` against a lock whose plan had a dataset (a task, an agent) since removed
 * refused saying 'the plan changed since evalc.lock was written (no step changes: e.g. a description
 * or a gate)', where `plan` says what changed: '1 group left the plan (a1/t1/d2): its results leave
 * evalc.lock'. The refusal now says it in plan's words.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked names a group removed from the plan (QA316)', () => {
  it('in plan’s words, not as an edit no step sees', async () => {
    const dir = ctx.workspace('qa316-locked-gone');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writeDataset(dir, 'd2.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const file = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(file, 'utf8')) as {
      tasks: { t1: { datasets: Record<string, unknown> } };
    };
    delete plan.tasks.t1.datasets.d2;
    writeFileSync(file, JSON.stringify(plan));
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      'the plan changed since evalc.lock was written:\n    1 group left the plan (a1/t1/d2): its results leave evalc.lock\n',
    );
    expect(locked.stderr).not.toContain('e.g. a description or a gate');
  });
});
