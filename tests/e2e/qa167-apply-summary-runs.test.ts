/**
 * QA167: with repeats, apply's summary read `6 examples × 2 repeats` for 3 examples and two agents:
 * its count is of agent × example rows, which a user reads as examples. It now counts example
 * runs, as without repeats and as plan's `runs`: `12 example runs (2 repeats), 12 agent calls`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe("apply's summary with two agents and repeats (QA167)", () => {
  it('counts example runs, not agent × example rows called examples', async () => {
    const dir = ctx.workspace('qa167-summary');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    writePlan(dir, { agentUrl: ctx.agent.url, run: { repeats: 2 } });
    const file = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(file, 'utf8')) as { agents: Record<string, unknown> };
    plan.agents.a2 = plan.agents.a1;
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.stdout).toContain('Plan: 12 to invoke');
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Apply complete: 12 example runs (2 repeats), 12 agent calls, 0 errors');
  });
});
