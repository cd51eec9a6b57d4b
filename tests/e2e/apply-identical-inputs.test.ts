/** Examples whose requests are identical (same rendered input, same script) share one agent call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { assertBuilt, lockResults, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

let agent: CountingAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent({ delayMs: 50 });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('identical requests in flight', () => {
  it('are sent once: 9 examples over 3 distinct inputs make 3 calls, and every example is scored', async () => {
    const ws = tempWorkspace('identical');
    cleanups.push(ws.cleanup);
    const examples = Array.from({ length: 9 }, (_, i) => {
      const q = `q${i % 3}`;
      return { id: `e${i}`, vars: { q }, expected: { codes: [`Z-${q}`, `A-${q}`] } };
    });
    writeDataset(ws.dir, 'd1.jsonl', examples);
    writePlan(ws.dir, {
      agentUrl: agent.url,
      limits: { concurrency: 8 },
      run: { repeats: 1, seed: 7, preflight: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(agent.stats().invokes).toBe(3);
    const rows = lockResults(ws.dir);
    expect(rows).toHaveLength(9);
    for (const r of rows) expect(r.metrics.exact_match?.score).toBe(1);
  });
});
