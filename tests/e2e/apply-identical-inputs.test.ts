/** Examples whose requests are identical (same rendered input, same script) share one agent call. */
import { describe, expect, it } from 'vitest';
import { lockResults, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent({ delayMs: 50 });

describe('identical requests in flight', () => {
  it('are sent once: 9 examples over 3 distinct inputs make 3 calls, and every example is scored', async () => {
    const dir = ctx.workspace('identical');
    const examples = Array.from({ length: 9 }, (_, i) => {
      const q = `q${i % 3}`;
      return { id: `e${i}`, vars: { q }, expected: { codes: [`Z-${q}`, `A-${q}`] } };
    });
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { concurrency: 8 },
      run: { repeats: 1, seed: 7, preflight: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(3);
    const rows = lockResults(dir);
    expect(rows).toHaveLength(9);
    for (const r of rows) expect(r.metrics.exact_match?.score).toBe(1);
  });
});
