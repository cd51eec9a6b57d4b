/**
 * The first Ctrl-C stops dispatch, retries included: requests waiting out a 429's Retry-After
 * are not sent after it, and apply exits 130 at once instead of sleeping out the wait.
 */
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  startCli,
  useCountingAgent,
  waitCli,
  waitFor,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent({ faults: { seed: 1, rates: { '429': 1 }, retryAfter: '30' } });

describe('Ctrl-C during a Retry-After wait', () => {
  it('exits 130 within seconds and sends no retry', async () => {
    const dir = ctx.workspace('retry-wait');
    writeDataset(dir, 'd1.jsonl', countingExamples(6));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { concurrency: 3, retries: 3 },
      run: { repeats: 1, seed: 7, preflight: 0 },
    });
    ctx.agent.reset();
    const child = startCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    const exited = waitCli(child, 60_000);
    // Three first attempts answered 429 (Retry-After: 30): all three are now waiting.
    await waitFor(() => ctx.agent.stats().invokes >= 3, 20_000, 'three throttled requests');
    await new Promise((r) => setTimeout(r, 200));
    const sentAtSignal = ctx.agent.stats().invokes;
    const signalledAt = performance.now();
    child.kill('SIGINT');
    const result = await exited;
    expect(result.code).toBe(130);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
    expect(ctx.agent.stats().invokes).toBe(sentAtSignal);
  });

  it('does not call the cancelled preflight examples a failed preflight (QA27 P6)', async () => {
    const dir = ctx.workspace('retry-wait-preflight');
    writeDataset(dir, 'd1.jsonl', countingExamples(6));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { concurrency: 2, retries: 3 },
      run: { repeats: 1, seed: 7, preflight: 2 },
    });
    ctx.agent.reset();
    const child = startCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    const exited = waitCli(child, 60_000);
    await waitFor(() => ctx.agent.stats().invokes >= 2, 20_000, 'two throttled preflight requests');
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGINT');
    const result = await exited;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/interrupted/);
    expect(result.stderr).not.toMatch(/preflight/);
  });
});
