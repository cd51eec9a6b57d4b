import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { type SlowRaipAgent, startSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

let agent: SlowRaipAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  agent = await startSlowRaipAgent(() => 20_000);
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
});

function workspace(): string {
  const ws = tempWorkspace('qa140-stop-signals');
  cleanups.push(ws.cleanup);
  writeSlowPlan(ws.dir, agent.url, 1);
  return ws.dir;
}

async function stopTwice(first: NodeJS.Signals, second: NodeJS.Signals) {
  const before = agent.invokes();
  const child = startCli(['apply'], { cwd: workspace() });
  const done = waitCli(child, 40_000);
  await waitFor(() => agent.invokes() === before + 1, 15_000, 'the request');
  child.kill(first);
  await new Promise((r) => setTimeout(r, 500));
  const sent = Date.now();
  child.kill(second);
  const result = await done;
  return { ...result, afterSecondMs: Date.now() - sent };
}

describe('apply stopped by two signals of different kinds', () => {
  it('SIGTERM then Ctrl-C: the first says so on stderr, the second exits at once', async () => {
    const r = await stopTwice('SIGTERM', 'SIGINT');
    expect(r.code).toBe(130);
    expect(r.afterSecondMs).toBeLessThan(8_000);
    expect(r.stderr).toContain(
      'evalc: stopped by SIGTERM — finishing steps in flight (SIGTERM again or Ctrl-C to exit now)',
    );
    expect(r.stderr).toContain('evalc: exited at once (Ctrl-C again): steps in flight were dropped');
  });

  it('Ctrl-C then SIGTERM: the second exits at once', async () => {
    const r = await stopTwice('SIGINT', 'SIGTERM');
    expect(r.code).toBe(130);
    expect(r.afterSecondMs).toBeLessThan(8_000);
    expect(r.stderr).toContain('evalc: interrupted — finishing steps in flight (Ctrl-C again to exit now)');
    expect(r.stderr).toContain('evalc: exited at once (SIGTERM again): steps in flight were dropped');
  });
});
