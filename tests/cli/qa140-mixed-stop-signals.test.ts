import { describe, expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const slow = useSlowRaipAgent(() => 20_000);

function workspace(): string {
  const ws = slow.workspace('qa140-stop-signals');
  writeSlowPlan(ws.dir, slow.agent.url, 1);
  return ws.dir;
}

async function stopTwice(first: NodeJS.Signals, second: NodeJS.Signals) {
  const before = slow.agent.invokes();
  const child = startCli(['apply'], { cwd: workspace() });
  const done = waitCli(child, 40_000);
  await waitFor(() => slow.agent.invokes() === before + 1, 15_000, 'the request');
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
