/**
 * QA316: a rendered RAIP input holding a key the agent's inputSchema forbids was said in Ajv's words
 * alone, `a1/t1/d1/e0: / must NOT have additional properties`, in the preflight refusal, plan's note
 * and each later example's contract_error: which key to drop from the binding went unsaid. The key is
 * now named, `/ must NOT have additional properties ("k")`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const ctx = useCountingAgent();

describe('an input key the schema forbids is named (QA316)', () => {
  it('in the preflight refusal of apply and plan', async () => {
    const dir = ctx.workspace('qa316-misfit-preflight');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url, input: { q: '{{q}}', k: 3 } });
    ctx.agent.reset();
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('a1/t1/d1/e0: / must NOT have additional properties ("k")');
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('a1/t1/d1/e1: / must NOT have additional properties ("k")');
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it("in each example's contract_error after the sample", async () => {
    const dir = ctx.workspace('qa316-misfit-late');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url, input: { q: '{{q}}', k: 3 }, run: { preflight: 0 } });
    ctx.agent.reset();
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(apply.stderr).toContain('/ must NOT have additional properties ("k")');
    const report = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    // report.md escapes the parentheses for GitHub
    expect(report).toContain('must NOT have additional properties \\("k"\\)');
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});
