/**
 * QA129 (review of d738dc8/46bdf52): `apply --locked` names the plan edits no step sees, one a
 * line, but without the cut its step changes have (8, then `… and N more`): 12 metrics' thresholds
 * edited at once read 12 lines, growing with the plan. At most 8 now, then how many more.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked with many plan edits no step sees', () => {
  it('names 8 and says how many more', async () => {
    const dir = ctx.workspace('qa129-locked-edits-cut');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const metrics = Array.from({ length: 12 }, (_, i) => ({
      type: 'exact_match',
      id: `em${String(i).padStart(2, '0')}`,
      candidate: 'codes',
      expected: 'codes',
      mode: 'list',
      threshold: 0.5,
    }));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url, metrics });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8').replaceAll('"threshold": 0.5', '"threshold": 0.9'),
    );
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    const named = locked.stderr.split('\n').filter((line) => / threshold 0\.5 → 0\.9$/.test(line));
    expect(named).toHaveLength(8);
    expect(locked.stderr).toContain('threshold 0.5 → 0.9\n    … and 4 more plan edits\n');
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });
});
