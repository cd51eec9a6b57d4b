/**
 * QA167, next to QA162's diff fix (76e8a0e): a task's `instructions` are in a RAIP agent's invoke
 * key and in no pin of evalc.lock. Edited beside an appended row, `evalc plan` read `because the
 * example changed` on every unedited row; it now says the example or the instructions changed
 * (every row's request moved), and still `because the example changed` of the one row edited
 * while the others kept their key. Plan's count is what apply then asks the agent (repeats 2), and
 * `apply --locked` names the instructions where it read `the plan changed … (no step changes …)`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

function setInstructions(dir: string, instructions: string): void {
  const file = path.join(dir, 'evalc.yaml');
  const plan = JSON.parse(readFileSync(file, 'utf8')) as { tasks: { t1: Record<string, unknown> } };
  plan.tasks.t1.instructions = instructions;
  writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
}

async function appliedWithInstructions(prefix: string): Promise<string> {
  const dir = ctx.workspace(prefix);
  writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
  writePlan(dir, { agentUrl: ctx.agent.url, run: { repeats: 2 } });
  setInstructions(dir, 'Answer with the codes.');
  expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
  return dir;
}

async function planThenApply(dir: string): Promise<{ plan: string; invokes: number }> {
  const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
  expect(plan.code, plan.stderr).toBe(2);
  ctx.agent.reset();
  expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
  return { plan: plan.stdout, invokes: ctx.agent.stats().invokes };
}

describe('evalc plan after the task instructions were edited beside a dataset edit (QA167)', () => {
  it('says the example or the instructions changed when every row moved', async () => {
    const dir = await appliedWithInstructions('qa167-plan-instructions-row');
    writeDataset(dir, 'd1.jsonl', countingExamples(4, 'n'));
    setInstructions(dir, 'Answer with the codes, in order.');
    const { plan, invokes } = await planThenApply(dir);
    expect(plan).toContain(
      "6 runs       because the example or the task's instructions changed (tasks.t1.instructions: evalc.lock keeps no copy of them, and every row's request moved)",
    );
    expect(plan).toContain('2 runs       new example');
    expect(plan).not.toContain('because the example changed');
    expect(plan).toContain('Plan: 8 to invoke');
    expect(invokes).toBe(8);
  });

  it("names the instructions in apply --locked's refusal, not 'no step changes'", async () => {
    const dir = await appliedWithInstructions('qa167-locked-instructions-row');
    writeDataset(dir, 'd1.jsonl', countingExamples(4, 'n'));
    setInstructions(dir, 'Answer with the codes, in order.');
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      "t1/d1[a1]: the example or the task's instructions changed (tasks.t1.instructions: evalc.lock keeps no copy of them, and every row's request moved)",
    );
    expect(locked.stderr).not.toContain('no step changes');
  });

  it('says the example changed of every row edited with the plan unchanged', async () => {
    const dir = await appliedWithInstructions('qa167-plan-every-row');
    writeDataset(
      dir,
      'd1.jsonl',
      countingExamples(3, 'n').map((e) => ({ ...e, vars: { q: `${e.id} again` } })),
    );
    const { plan, invokes } = await planThenApply(dir);
    expect(plan).toContain('6 runs       because the example changed: d1/n0, d1/n1, d1/n2\n');
    expect(plan).not.toContain('instructions');
    expect(invokes).toBe(6);
  });

  it('still says the example changed of the one row edited beside an appended one', async () => {
    const dir = await appliedWithInstructions('qa167-plan-one-row');
    writeDataset(
      dir,
      'd1.jsonl',
      countingExamples(4, 'n').map((e) => (e.id === 'n1' ? { ...e, vars: { q: 'n1 again' } } : e)),
    );
    const { plan, invokes } = await planThenApply(dir);
    expect(plan).toContain('2 runs       because the example changed: d1/n1\n');
    expect(plan).not.toContain('instructions');
    expect(plan).toContain('Plan: 4 to invoke');
    expect(invokes).toBe(4);
  });
});
