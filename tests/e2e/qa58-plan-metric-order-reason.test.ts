/**
 * QA58: a derived metric's key (pass_rate, time_to_success) covers its task's metrics in plan
 * order, so reordering `metrics:` re-scores them (no agent call). `plan` gave the reason "because
 * the example changed (expected or another field, not the request)" — no example had changed.
 * It now names the reorder; an example that did change keeps its own reason.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

const metrics = [
  { type: 'exact_match', id: 'in_order', candidate: 'codes', expected: 'codes', mode: 'list' },
  { type: 'exact_match', id: 'as_set', candidate: 'codes', expected: 'codes', mode: 'set' },
];

describe('plan after the metrics: list was reordered (QA58)', () => {
  it('says the order changed, not that the example changed', async () => {
    const dir = ctx.workspace('metric-order-reason');
    const examples = countingExamples(4);
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url, metrics });
    const applied = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);

    writePlan(dir, { agentUrl: ctx.agent.url, metrics: [...metrics].reverse() });
    const reordered = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(reordered.code, reordered.stderr).toBe(2);
    expect(reordered.stdout).toMatch(
      /~ score +counting\/t1\[a1\]\/pass_rate +4 examples +because the order of the task's metrics changed \(metrics:\)/,
    );
    expect(reordered.stdout).not.toContain('because the example changed');
    expect(reordered.stdout).toContain('Plan: 0 to invoke');

    // An example whose expected value changed is still said to have changed.
    writePlan(dir, { agentUrl: ctx.agent.url, metrics });
    const [first, ...rest] = examples;
    writeDataset(dir, 'd1.jsonl', [{ ...first!, expected: { codes: ['other'] } }, ...rest]);
    const edited = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(edited.code, edited.stderr).toBe(2);
    expect(edited.stdout).toContain(
      'because the example changed (expected or another field, not the request)',
    );
    expect(edited.stdout).not.toContain("order of the task's metrics");
  });
});
