/**
 * QA318: under --json, a first Ctrl-C sends no `step_failed` for an example it kept from being
 * sent. Each example waiting for the agent's slot (up to `run.concurrency` of them) was a
 * `step_failed` (`cancelled`, "apply interrupted before this request") with no `step_started`,
 * while the examples not yet dispatched sent nothing: a wrapper counting failures counted them.
 */
import { expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const slow = useSlowRaipAgent(() => 800);

it('sends no step_failed for the examples a first Ctrl-C kept from being sent', async () => {
  const ws = slow.workspace('qa318-json-unsent');
  writeSlowPlan(ws.dir, slow.agent.url, 6, 'limits: { concurrency: 1 }');
  const child = startCli(['apply', '--json'], { cwd: ws.dir });
  const done = waitCli(child, 30_000);
  await waitFor(() => slow.agent.invokes() === 1, 15_000, 'the first request');
  child.kill('SIGINT');
  const result = await done;
  expect(result.code, result.stderr).toBe(130);
  const events = result.stdout
    .trim()
    .split('\n')
    .map(
      (line) => JSON.parse(line) as { event: string; kind?: string; id?: string; error?: { kind: string } },
    );
  const started = events.filter((e) => e.event === 'step_started').map((e) => e.id);
  const ends = events.filter(
    (e) => (e.event === 'step_finished' || e.event === 'step_failed') && e.kind === 'invoke',
  );
  expect(slow.agent.invokes()).toBe(1);
  expect(started).toEqual(['a1/t/d/e1#0']);
  // The request in flight finished and was cached; the five others were never sent.
  expect(ends.map((e) => [e.event, e.id])).toEqual([['step_finished', 'a1/t/d/e1#0']]);
  expect(events.filter((e) => e.event === 'step_failed')).toEqual([]);
  expect(events.at(-1)).toMatchObject({ event: 'result', exitCode: 130, status: 'interrupted' });
}, 60_000);
