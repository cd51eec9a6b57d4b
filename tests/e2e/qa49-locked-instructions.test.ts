/**
 * QA49: `apply --locked` on a branch that edited a task's `instructions` (and did not re-apply)
 * said "the plan changed since evalc.lock was written (no step changes: e.g. a description or a
 * gate)", while `evalc plan` re-ran every invoke of that task "because the task's instructions
 * changed". The refusal now names the groups, in plan's words.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked after an instructions edit (QA49)', () => {
  it('names the task whose instructions changed, not "no step changes"', async () => {
    const dir = ctx.workspace('qa49-locked-instructions');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'i'));
    const file = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    const plan = JSON.parse(readFileSync(file, 'utf8')) as { tasks: { t1: Record<string, unknown> } };
    plan.tasks.t1.instructions = 'Answer with the course codes only.';
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code).toBe(2);
    expect(planned.stdout).toContain("because the task's instructions changed (tasks.t1.instructions)");

    ctx.agent.reset();
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain("t1/d1[a1]: the task's instructions changed (tasks.t1.instructions)");
    expect(locked.stderr).not.toContain('no step changes');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(path.basename(file)).toBe('evalc.yaml');
  });
});
