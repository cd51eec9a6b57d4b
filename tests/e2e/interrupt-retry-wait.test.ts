/**
 * The first Ctrl-C stops dispatch, retries included: requests waiting out a 429's Retry-After
 * are not sent after it, and apply exits 130 at once instead of sleeping out the wait.
 */
import { describe, expect, it } from 'vitest';
import {
  type CliResult,
  countingExamples,
  startCli,
  useCountingAgent,
  waitCli,
  waitFor,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent({ faults: { seed: 1, rates: { '429': 1 }, retryAfter: '30' } });

/**
 * An apply whose first `slots` requests are all answered 429 (Retry-After: 30), interrupted once
 * they are all waiting; what was sent by then, and when the signal went.
 */
async function interruptWhileThrottled(
  name: string,
  slots: number,
  preflight: number,
  args: string[],
): Promise<{ result: CliResult; sentAtSignal: number; signalledAt: number }> {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(6));
  writePlan(dir, {
    agentUrl: ctx.agent.url,
    limits: { concurrency: slots, retries: 3 },
    run: { repeats: 1, seed: 7, preflight },
  });
  ctx.agent.reset();
  const child = startCli(['apply', 'evalc.yaml', ...args], { cwd: dir, env: { CI: 'true' } });
  const exited = waitCli(child, 60_000);
  await waitFor(() => ctx.agent.stats().invokes >= slots, 20_000, `${slots} throttled requests`);
  await new Promise((r) => setTimeout(r, 200));
  const sentAtSignal = ctx.agent.stats().invokes;
  const signalledAt = performance.now();
  child.kill('SIGINT');
  return { result: await exited, sentAtSignal, signalledAt };
}

describe('Ctrl-C during a Retry-After wait', () => {
  it('exits 130 within seconds and sends no retry', async () => {
    const { result, sentAtSignal, signalledAt } = await interruptWhileThrottled('retry-wait', 3, 0, [
      '--quiet',
    ]);
    expect(result.code).toBe(130);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
    expect(ctx.agent.stats().invokes).toBe(sentAtSignal);
  });

  it('does not call the cancelled preflight examples a failed preflight (QA27 P6)', async () => {
    const { result } = await interruptWhileThrottled('retry-wait-preflight', 2, 2, []);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/interrupted/);
    expect(result.stderr).not.toMatch(/preflight/);
  });
});
