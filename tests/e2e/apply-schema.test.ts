/**
 * RAIP input schema check (R5): inputs that violate the agent's `/info` inputSchema stop the
 * run before any invoke, naming each example and Ajv's error; `evalc plan` reports the same.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

/** e2 and e4 render `q: ""`, which the agent's schema rejects (`minLength: 1`). */
function misfitWorkspace(): string {
  const dir = ctx.workspace('schema');
  const examples = countingExamples(6).map((e, i) => (i === 2 || i === 4 ? { ...e, vars: { q: '' } } : e));
  writeDataset(dir, 'd1.jsonl', examples);
  writePlan(dir, { agentUrl: ctx.agent.url, run: { preflight: 0 } });
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
    expect(run.stderr).toContain("inputs do not fit the agents' input schemas; nothing was invoked");
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
});
