/**
 * QA167: under `--only`, an edit of another task's steps (its instructions) leaves no step of the
 * selection changed, but the plan digest moved. `plan --only t1/d1` read `because the plan changed
 * (no step changes: e.g. a gate, a weight or a description)` and `apply --locked --only t1/d1`
 * `(no step changes: e.g. a description or a gate)`, neither of which the edit was; both now say
 * the edit may be outside the selection.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

type Plan = { tasks: Record<string, Record<string, unknown>> };

function editPlan(dir: string, edit: (plan: Plan) => void): void {
  const file = path.join(dir, 'evalc.yaml');
  const plan = JSON.parse(readFileSync(file, 'utf8')) as Plan;
  edit(plan);
  writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
}

describe('an edit outside the --only selection (QA167)', () => {
  it('is not said to be a gate, a weight or a description', async () => {
    const dir = ctx.workspace('qa167-only-outside');
    writeDataset(dir, 'd1.jsonl', countingExamples(2, 'n'));
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'm'));
    writePlan(dir, { agentUrl: ctx.agent.url });
    editPlan(dir, (plan) => {
      const t1 = plan.tasks.t1 as Record<string, unknown>;
      plan.tasks.t2 = { ...t1, instructions: 'Answer.', datasets: { d2: { source: 'd2.jsonl' } } };
    });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    editPlan(dir, (plan) => {
      (plan.tasks.t2 as Record<string, unknown>).instructions = 'Answer with the codes.';
    });

    const plan = await runCli(['plan', 'evalc.yaml', '--only', 't1/d1'], { cwd: dir });
    expect(plan.stdout).toContain(
      'because the plan changed (no step changes under --only t1/d1: e.g. an edit outside it, a gate, a weight or a description)',
    );
    const locked = await runCli(['apply', 'evalc.yaml', '--locked', '--only', 't1/d1'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      'the plan changed since evalc.lock was written (no step changes under --only t1/d1: e.g. an edit outside it, a description or a gate)',
    );
    // The whole plan still names the edit.
    const whole = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(whole.stdout).toContain("because the task's instructions changed (tasks.t2.instructions)");
  });
});
