/**
 * The first Ctrl-C stops dispatch, also for requests waiting for an `rps` token: they are never
 * sent (before, every request queued in the HTTP transport's token bucket still went out, one per
 * 1/rps, after the interrupt). Real CLI, real loopback agent counting requests.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { type FaultAgent, faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

let agent: FaultAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startFaultAgent();
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('Ctrl-C with an rps limit', () => {
  it('sends none of the requests still waiting for their token', async () => {
    const ws = tempWorkspace('qa3-rps-interrupt');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      faultPlan(agent.url, { concurrency: 8, rps: 4, retries: 0 }),
    );
    const modes: Record<string, string> = {};
    for (let i = 0; i < 40; i++) modes[`r${i}`] = 'ok';
    writeFileSync(path.join(ws.dir, 'd1.jsonl'), faultExamples(modes));

    const child = startCli(['apply', '--quiet'], { cwd: ws.dir });
    const done = waitCli(child, 30_000);
    // Past the preflight (5 examples), with 8 requests queued on the bucket.
    await waitFor(() => agent.requests.length >= 8, 10_000, 'the batch to start');
    child.kill('SIGINT');
    const atSignal = agent.requests.length;
    const sentAt = Date.now();
    const result = await done;
    expect(result.code).toBe(130);
    // At most the one request already handed to the transport goes out after the interrupt.
    expect(agent.requests.length - atSignal).toBeLessThanOrEqual(1);
    expect(Date.now() - sentAt).toBeLessThan(1_500);
  });
});
