import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { type SlowRaipAgent, startSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

let agent: SlowRaipAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  agent = await startSlowRaipAgent((n) => (n === 1 ? 0 : 1000));
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
});

describe('SIGHUP during apply', () => {
  it('finishes and caches the requests in flight, exits 130, and the next apply asks nothing again', async () => {
    const ws = tempWorkspace('sighup-apply');
    cleanups.push(ws.cleanup);
    writeSlowPlan(ws.dir, agent.url, 4);
    const child = startCli(['apply', '--quiet'], { cwd: ws.dir });
    const done = waitCli(child, 20_000);
    await waitFor(() => agent.invokes() === 4, 15_000, 'four requests');
    child.kill('SIGHUP');
    const result = await done;
    expect(result.code).toBe(130);
    expect(agent.invokes()).toBe(4);
    // The three answered after the signal were cached: the next apply sends nothing.
    const again = await waitCli(startCli(['apply', '--quiet'], { cwd: ws.dir }), 20_000);
    expect(again.code).toBe(0);
    expect(agent.invokes()).toBe(4);
  });
});
