/**
 * RAIP input schema check (R5): inputs of the preflight sample (an agent's first `run.preflight`
 * examples) that violate the agent's `/info` inputSchema stop the run before any invoke, naming
 * each example and Ajv's error; `evalc plan` reports the same. A misfit after the sample fails
 * only its own example (`contract_error`, not sent) and the run goes on (QA34 F3).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

/** e2 and e4 render `q: ""`, which the agent's schema rejects (`minLength: 1`): both in the preflight sample of 5. */
function misfitWorkspace(): string {
  const dir = ctx.workspace('schema');
  const examples = countingExamples(6).map((e, i) => (i === 2 || i === 4 ? { ...e, vars: { q: '' } } : e));
  writeDataset(dir, 'd1.jsonl', examples);
  writePlan(dir, { agentUrl: ctx.agent.url });
  return dir;
}

describe('RAIP input schema check', () => {
  it('apply refuses before any invoke, listing each misfit example with the Ajv error', async () => {
    const dir = misfitWorkspace();
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(ctx.agent.stats().infos).toBeGreaterThan(0);
    expect(run.stderr).toContain(
      "inputs of the preflight sample do not fit the agents' input schemas; nothing was invoked",
    );
    expect(run.stderr).toMatch(/a1\/t1\/d1\/e2: \/q must NOT have fewer than 1 characters/);
    expect(run.stderr).toMatch(/a1\/t1\/d1\/e4: \/q must NOT have fewer than 1 characters/);
    expect(run.stderr).not.toMatch(/\/e[0135]:/);
  });

  it('a template that adds a property the schema forbids fails every example, still without invoking', async () => {
    const dir = ctx.workspace('schema-extra');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url, input: { q: '{{q}}', k: 3 } });
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(0);
    for (const id of ['e0', 'e1', 'e2'])
      expect(run.stderr).toMatch(new RegExp(`a1/t1/d1/${id}: / must NOT have additional properties`));
  });

  it('plan reports the misfits too (live /info), without invoking', async () => {
    const dir = misfitWorkspace();
    ctx.agent.reset();
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(`${plan.stdout}${plan.stderr}`).toMatch(/e2.*must NOT have fewer than 1 characters/);
    expect(`${plan.stdout}${plan.stderr}`).toMatch(/e4.*must NOT have fewer than 1 characters/);
    expect(plan.code).toBe(1);
  });

  it('a misfit after the preflight sample fails only its example, not sent; plan says so and the run goes on', async () => {
    const dir = ctx.workspace('schema-late');
    // e6 of 8 renders `q: ""`; the preflight sample is e0..e4.
    const examples = countingExamples(8).map((e, i) => (i === 6 ? { ...e, vars: { q: '' } } : e));
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url });
    ctx.agent.reset();
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(
      /note: 1 input does not fit the agent's input schema: a1\/t1\/d1\/e6 \(\/q must NOT have fewer than 1 characters\); each records contract_error, not sent/,
    );
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    expect(ctx.agent.stats().invokes).toBe(7);
    // --json streams the warning as a message event.
    expect(run.stdout).toMatch(/warning: 1 input does not fit the agent's input schema: a1\/t1\/d1\/e6/);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'done', errorKinds: { contract_error: 1 } });
    // e6 was never sent: it is no agent call (QA36).
    expect(result.invoked).toBe(7);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      results: { example: string; errors?: (string | null)[] }[];
    };
    expect(lock.results.filter((r) => r.errors).map((r) => [r.example, r.errors])).toEqual([
      ['e6', ['contract_error']],
    ]);
    // The failure is the input's, cached: the next apply sends nothing.
    ctx.agent.reset();
    const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(again.code).toBe(run.code);
  });
});
