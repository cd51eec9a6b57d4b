/**
 * QA139: a pull request that lowers `run.significance` (0.05 → 0.001) turns the diff's significant
 * regressions into n.s. ones — the diff tests at the new lock's α — and the diff named only the
 * plan's digest: a reviewer saw "α = 0.001" in the header with nothing saying it had changed. The
 * run's significance and bootstrap resamples are named (as information: they change the test, not
 * the results).
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a changed run.significance (QA139)', () => {
  it('names the old and new α and resamples', async () => {
    const dir = ctx.workspace('diff-run-significance');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    writePlan(dir, { agentUrl: ctx.agent.url, run: { significance: 0.05 } });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    writePlan(dir, { agentUrl: ctx.agent.url, run: { significance: 0.001, bootstrap: 500 } });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  · run: significance changed 0.05 → 0.001');
    expect(text.stdout).toContain('  · run: bootstrap changed 200 → 500');
    expect(text.stdout).not.toContain('Not strictly comparable');
  });
});
