/**
 * QA48: a regression gate (`max_drop`) applied without `--baseline` is skipped, and apply's summary
 * says why on the line a user reads, not only in report.md; with a baseline it is judged and the
 * line has no such note.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a regression gate without --baseline (QA48)', () => {
  it('is reported skipped for want of a baseline in the summary line', async () => {
    const dir = ctx.workspace('no-baseline-summary');
    writeDataset(dir, 'd1.jsonl', countingExamples(4, 'n'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [
        { metric: 'exact_match', regression: { max_drop: 0.02 } },
        { metric: 'exact_match', min: 0 },
      ],
    });
    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'gates 1/2 passed, 1 skipped (regression: no --baseline LOCK to compare with).',
    );
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'baseline.lock'));
    const compared = await runCli(['apply', 'evalc.yaml', '--baseline', 'baseline.lock'], { cwd: dir });
    expect(compared.code).toBe(0);
    expect(compared.stdout).toContain('gates 2/2 passed.');
  });
});
