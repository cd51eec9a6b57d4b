/**
 * QA291: Ctrl-C while a RAIP agent's /info was unanswered (a host with no route, a server that
 * hangs) said, after 'interrupted — stopping before the run', 'agent a1: discovery failed
 * (cancelled): GET …/info: cancelled / the run goes on without a1: its examples not in the cache
 * record cancelled', of a run that did not go on. Built CLI; the agent is a real loopback server.
 */
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt } from './apply-harness.js';
import { hungServerWorkspace, interruptApplyWhen } from './hung-request-interrupt.js';

beforeAll(() => assertBuilt());

// a2 (no discovery) takes the run past discovery: a1 alone is said 'interrupted before the run: …'
it('Ctrl-C during discovery does not say the run goes on without the agent', async () => {
  // accepts /info and never answers
  const { dir, server } = await hungServerWorkspace(
    'evalc-qa291-interrupt-discovery-',
    (port) => `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:${port}" }
  a2: { protocol: http, url: "http://127.0.0.1:${port}/x" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: contains, candidate: a, value: x }]
`,
  );
  const result = await interruptApplyWhen(dir, server.asked, 'the agent to be asked for /info');
  const { stderr } = result;
  expect(result.code, stderr).toBe(130);
  expect(stderr).toContain('interrupted');
  expect(stderr).not.toContain('the run goes on without a1');
  expect(stderr).not.toContain('discovery failed (cancelled)');
}, 60_000);
