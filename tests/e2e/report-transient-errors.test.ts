/** A transient failure (not cached as a result: the next apply retries it) still says why in report.json. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent({ faults: { seed: 1, rates: { '500': 1 } } });

describe('transient failures in the reports', () => {
  it('report.json carries the error kind and message of each failed repeat, and the next apply retries', async () => {
    const dir = ctx.workspace('transient-report');
    writeDataset(dir, 'd1.jsonl', countingExamples(2, 't'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { retries: 0 },
      run: { repeats: 1, seed: 7, preflight: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    // Both examples failed: nothing was evaluated, the run exits 1.
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8')) as {
      examples: {
        repeats: { errorKind: string | null; error: { kind: string; message: string } | null }[];
      }[];
    };
    expect(report.examples).toHaveLength(2);
    for (const e of report.examples) {
      expect(e.repeats[0]?.errorKind).toBe('http_500');
      expect(e.repeats[0]?.error).toMatchObject({
        kind: 'http_500',
        message: expect.stringContaining('HTTP 500'),
      });
    }
    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(2); // never cached as a result: retried
  });
});
