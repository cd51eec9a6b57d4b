/**
 * QA139: a regression gate the baseline has no examples for (a dataset, or an agent, added by the
 * pull request) is skipped, and apply's summary line said only `1 skipped.`: the reason
 * ("no paired examples with the baseline") was in report.md alone, as QA48's was.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a regression gate with nothing to pair in the baseline (QA139)', () => {
  it('says why it was skipped in the summary line', async () => {
    const dir = ctx.workspace('gate-summary-no-pairs');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    writeDataset(dir, 'd2.jsonl', countingExamples(3, 'm'));
    const min = { metric: 'exact_match', min: 0 };
    writePlan(dir, { agentUrl: ctx.agent.url, gates: [min] });
    const main = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(main.code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    // The pull request adds a dataset and a regression gate on it: main.lock has none of its examples.
    const gates = [{ metric: 'exact_match', dataset: 'd2', regression: { max_drop: 0.02 } }, min];
    writePlan(dir, { agentUrl: ctx.agent.url, gates, secondDataset: true });
    const pr = await runCli(['apply', 'evalc.yaml', '--baseline', 'main.lock'], { cwd: dir });
    expect(pr.code).toBe(0);
    expect(pr.stdout).toContain(
      'gates 1/2 passed, 1 skipped (regression: no paired examples in the baseline: t1/d2 for a1).',
    );
  });
});
