/**
 * QA38: apply's summary line on a plan without gates said "gates 0/0 passed"; it says "no gates".
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply summary without gates (QA38)', () => {
  it('says "no gates", on a run and on an up-to-date lock', async () => {
    const dir = ctx.workspace('qa38-no-gates');
    writeDataset(dir, 'd1.jsonl', countingExamples(2, 'n'));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Apply complete: 2 example runs, 2 agent calls, 0 errors; no gates\.$/m);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.stdout).toMatch(/nothing ran \(0 recorded errors\); no gates\.$/m);
  });
});
