import { describe, expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

// The first request is answered at once; the others are held past the test.
const slow = useSlowRaipAgent((n) => (n === 1 ? 0 : 20_000));

describe('a second Ctrl-C under --json', () => {
  it('ends every request in flight with step_failed before the result event', async () => {
    const ws = slow.workspace('qa61-second-interrupt');
    writeSlowPlan(ws.dir, slow.agent.url, 4);
    const child = startCli(['apply', '--json'], { cwd: ws.dir });
    const done = waitCli(child, 20_000);
    await waitFor(() => slow.agent.invokes() === 4, 15_000, 'four requests');
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    const events = result.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { event: string; kind?: string; id?: string; error?: { kind: string } },
      );
    const ends = events.filter(
      (e) => (e.event === 'step_finished' || e.event === 'step_failed') && e.kind === 'invoke',
    );
    const started = events.filter((e) => e.event === 'step_started').map((e) => e.id);
    expect(started).toHaveLength(4);
    expect(ends.map((e) => e.id).sort()).toEqual([...started].sort());
    // The answered one finished; the three held ones were dropped.
    expect(ends.filter((e) => e.event === 'step_failed').map((e) => e.error?.kind)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(events.at(-1)).toMatchObject({ event: 'result', exitCode: 130, status: 'interrupted' });
  });
});
