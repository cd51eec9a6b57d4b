/**
 * `apply --locked` after a plan edit no step sees — a gate's bound, a dataset's weight: the
 * refusal said "no step changes: e.g. a description or a gate", naming neither (QA119). It names
 * them in `plan`'s words.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked after an edit no step sees', () => {
  it('names the gate and the weight that changed', async () => {
    const dir = ctx.workspace('qa119-locked-unkeyed');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const planFile = writePlan(dir, {
      agentUrl: ctx.agent.url,
      gates: [{ metric: 'exact_match', scope: 'benchmark', min: 0 }],
    });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8')
        .replace('"min": 0', '"min": 0.25')
        .replace(
          '{\n        "d1": {\n          "source": "d1.jsonl"',
          '{\n        "d1": {\n          "weight": 4,\n          "source": "d1.jsonl"',
        ),
    );
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('gate exact_match min 0 → 0.25');
    expect(locked.stderr).toContain('tasks.t1.datasets.d1.weight 1 → 4');
    expect(locked.stderr).not.toContain('e.g. a description or a gate');
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });
});
