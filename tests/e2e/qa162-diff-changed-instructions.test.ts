/**
 * QA162, next to QA139's changed examples: a task's `instructions` are in the invoke key of a RAIP
 * agent (its context carries them) and in no group pin of evalc.lock. A pull request that edited
 * them and appended a row to the dataset read "Changed examples (4): t1/d1/n0, …" in evalc diff:
 * every unedited row, its key moved by the instructions. Rows whose keys all moved with a plan
 * edit are not told apart from row edits, so none is named; one row edited beside an inline plan
 * edit still is (the other rows' keys stay).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
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

async function changed(dir: string): Promise<string[] | undefined> {
  const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
  expect(json.code, json.stderr).toBe(0);
  return JSON.parse(json.stdout).examples.changed;
}

describe('evalc diff after the task instructions were edited (QA162)', () => {
  it('names no unedited row as changed when a row is appended beside the edit', async () => {
    const dir = ctx.workspace('qa162-diff-instructions');
    const examples = countingExamples(4, 'n');
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url });
    setInstructions(dir, 'Answer with the codes.');
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));

    writeDataset(dir, 'd1.jsonl', [...examples, ...countingExamples(5, 'n').slice(4)]);
    setInstructions(dir, 'Answer with the codes, in order.');
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    expect(await changed(dir)).toBeUndefined();
    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.stdout).toContain('New examples (1): t1/d1/n4');
    expect(text.stdout).not.toContain('Changed examples');
  });

  it('still names the row edited beside another plan edit', async () => {
    const dir = ctx.workspace('qa162-diff-instructions-row');
    const examples = countingExamples(4, 'n');
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));

    writeDataset(
      dir,
      'd1.jsonl',
      examples.map((e) => (e.id === 'n1' ? { ...e, vars: { q: 'n1 again' } } : e)),
    );
    const file = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(file, 'utf8')) as { run: Record<string, unknown> };
    plan.run.bootstrap = 300;
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    expect(await changed(dir)).toEqual(['t1/d1/n1']);
  });
});
