/**
 * A RAIP input that does not fit the agent's inputSchema names the binding that renders it and
 * what to do, in plan and in apply (QA268: `input: { query: 42 }` validated, then both listed
 * `/q must be string` per example without saying where the input came from).
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

const HINT =
  "hint: these inputs are rendered from tasks.t1.bindings.default.input: make it give what the agent's inputSchema (its GET /info) asks for";

describe('a misfit input names its binding', () => {
  it('in plan and in apply, after the list of examples', async () => {
    const dir = ctx.workspace('qa268-misfit');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url, input: { q: 42 } });
    ctx.agent.reset();
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('a1/t1/d1/e0: /q must be string');
    expect(plan.stderr).toContain(HINT);
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('a1/t1/d1/e2: /q must be string');
    expect(apply.stderr).toContain(HINT);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});
