/**
 * The first Ctrl-C stops dispatch, also for requests waiting for an `rps` token: they are never
 * sent (before, every request queued in the HTTP transport's token bucket still went out, one per
 * 1/rps, after the interrupt). Real CLI, real loopback agent counting requests.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, useAgent, waitCli, waitFor } from '../e2e/apply-harness.js';
import { faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

const ctx = useAgent(() => startFaultAgent());

describe('Ctrl-C with an rps limit', () => {
  it('sends none of the requests still waiting for their token', async () => {
    const dir = ctx.workspace('qa3-rps-interrupt');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      faultPlan(ctx.agent.url, { concurrency: 8, rps: 4, retries: 0 }),
    );
    const modes: Record<string, string> = {};
    for (let i = 0; i < 40; i++) modes[`r${i}`] = 'ok';
    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples(modes));

    const child = startCli(['apply', '--quiet'], { cwd: dir });
    const done = waitCli(child, 30_000);
    // Past the preflight (5 examples), with 8 requests queued on the bucket.
    await waitFor(() => ctx.agent.requests.length >= 8, 10_000, 'the batch to start');
    child.kill('SIGINT');
    const atSignal = ctx.agent.requests.length;
    const sentAt = Date.now();
    const result = await done;
    expect(result.code).toBe(130);
    // At most the one request already handed to the transport goes out after the interrupt.
    expect(ctx.agent.requests.length - atSignal).toBeLessThanOrEqual(1);
    expect(Date.now() - sentAt).toBeLessThan(1_500);
  });
});
