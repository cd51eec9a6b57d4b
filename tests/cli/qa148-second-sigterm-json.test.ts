import { describe, expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const slow = useSlowRaipAgent(() => 20_000);

async function stopTwice(first: NodeJS.Signals, second: NodeJS.Signals) {
  const ws = slow.workspace('qa148-second-sigterm');
  writeSlowPlan(ws.dir, slow.agent.url, 2);
  const before = slow.agent.invokes();
  const child = startCli(['apply', '--json'], { cwd: ws.dir });
  const done = waitCli(child, 40_000);
  await waitFor(() => slow.agent.invokes() === before + 2, 15_000, 'the two requests');
  child.kill(first);
  await new Promise((r) => setTimeout(r, 300));
  child.kill(second);
  const result = await done;
  const events = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; error?: { kind: string; message: string } });
  return { ...result, dropped: events.filter((e) => e.event === 'step_failed').map((e) => e.error) };
}

describe('--json after a second stop signal', () => {
  it('a second SIGTERM: the dropped requests say SIGTERM, not Ctrl-C', async () => {
    const r = await stopTwice('SIGTERM', 'SIGTERM');
    expect(r.code).toBe(130);
    expect(r.dropped).toEqual([
      {
        kind: 'cancelled',
        message: 'apply exited at once (SIGTERM again): the request in flight was dropped',
      },
      {
        kind: 'cancelled',
        message: 'apply exited at once (SIGTERM again): the request in flight was dropped',
      },
    ]);
    expect(r.stderr).toContain('evalc: exited at once (SIGTERM again): steps in flight were dropped');
  });

  it('a second Ctrl-C still says Ctrl-C', async () => {
    const r = await stopTwice('SIGINT', 'SIGINT');
    expect(r.code).toBe(130);
    expect(r.dropped.map((e) => e?.message)).toEqual([
      'apply exited at once (Ctrl-C again): the request in flight was dropped',
      'apply exited at once (Ctrl-C again): the request in flight was dropped',
    ]);
  });
});
