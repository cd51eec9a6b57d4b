import { describe, expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const slow = useSlowRaipAgent((n) => (n === 1 ? 0 : 1000));

describe('SIGHUP during apply', () => {
  it('finishes and caches the requests in flight, exits 130, and the next apply asks nothing again', async () => {
    const ws = slow.workspace('sighup-apply');
    writeSlowPlan(ws.dir, slow.agent.url, 4);
    const child = startCli(['apply', '--quiet'], { cwd: ws.dir });
    const done = waitCli(child, 20_000);
    await waitFor(() => slow.agent.invokes() === 4, 15_000, 'four requests');
    child.kill('SIGHUP');
    const result = await done;
    expect(result.code).toBe(130);
    expect(slow.agent.invokes()).toBe(4);
    // The three answered after the signal were cached: the next apply sends nothing.
    const again = await waitCli(startCli(['apply', '--quiet'], { cwd: ws.dir }), 20_000);
    expect(again.code).toBe(0);
    expect(slow.agent.invokes()).toBe(4);
  });
});
