/**
 * QA230: `apply --locked` after an inline example's `vars` were edited named the dataset's
 * sha256 change and then "the plan changed since evalc.lock was written (no step changes: e.g. a
 * description or a gate)": the inline dataset is part of the plan, and its edit does change steps.
 * The dataset's line alone is said now. Real loopback agent, the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked after an inline example edit (QA230)', () => {
  it('names the dataset, not "no step changes"', async () => {
    const dir = ctx.workspace('qa230-locked-inline');
    const file = writePlan(dir, { agentUrl: ctx.agent.url });
    const plan = JSON.parse(readFileSync(file, 'utf8')) as {
      tasks: { t1: { datasets: Record<string, unknown> } };
    };
    const examples = [{ id: 'e1', vars: { q: 'one' }, expected: { codes: ['one'] } }];
    plan.tasks.t1.datasets = { d1: { examples } };
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    examples[0]!.vars.q = 'two';
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('dataset t1/d1: sha256');
    expect(locked.stderr).not.toContain('no step changes');
  });

  it('a file dataset edited beside a plan edit no step sees says both (QA233)', async () => {
    const dir = ctx.workspace('qa233-locked-file-and-plan');
    const file = writePlan(dir, { agentUrl: ctx.agent.url });
    writeFileSync(
      `${dir}/d1.jsonl`,
      `${JSON.stringify({ id: 'e1', vars: { q: 'one' }, expected: { codes: ['one'] } })}\n`,
    );
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    // A field no step reads in the file, and a description in the plan: neither changes a step.
    writeFileSync(
      `${dir}/d1.jsonl`,
      `${JSON.stringify({ id: 'e1', vars: { q: 'one' }, expected: { codes: ['one'] }, human_score: 1 })}\n`,
    );
    const plan = JSON.parse(readFileSync(file, 'utf8')) as { benchmark: Record<string, unknown> };
    plan.benchmark.description = 'edited';
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('dataset t1/d1: sha256');
    expect(locked.stderr).toContain('the plan changed since evalc.lock was written (no step changes');
  });
});
