/**
 * QA100: without `ready:`, a served agent is awaited until its address listens (QA44 for a loopback
 * port, QA97/b9be53a for a mae unix socket). The wait connected and closed at once; a MultiAgentEval
 * socket agent written from the seed ("the harness opens a persistent connection") accepts one
 * connection and serves it: the probe took it, the agent read EOF and exited, and every example
 * failed transport_error — on a unix socket since b9be53a (900abe8 settled 500 ms and passed), on a
 * tcp port since QA44. The wait now reads the kernel's tables (/proc/net) and connects to nothing.
 * Real processes: the CLI and tests/fixtures/qa100-one-connection-socket-agent.py.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { applyServedSocketAgent } from './served-socket-plan.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa100-one-connection-socket-agent.py');
const { dir: root, cleanup } = tempWorkspace('qa100-one-connection');
afterAll(cleanup);

function applyServed(name: string, address: string, listen: string) {
  return applyServedSocketAgent(path.join(root, name), 'qa100-one-connection', {
    address,
    serve: { command: `python3 ${JSON.stringify(AGENT)} ${listen}`, env: { DELAY_MS: '700' } },
  });
}

describe('serve: a seed socket agent that accepts one persistent connection (QA100)', () => {
  it('on a unix socket: the readiness wait does not take its one connection', async () => {
    assertBuilt();
    const { run, kinds } = await applyServed('unix', 'agent.sock', 'unix:agent.sock');
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.stderr).not.toContain('exited with code 0');
    expect(run.code).toBe(0);
  }, 40_000);

  it('on a loopback tcp port: the same', async () => {
    const port = await freePort();
    const { run, kinds } = await applyServed('tcp', `tcp:127.0.0.1:${port}`, `tcp:${port}`);
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.code).toBe(0);
  }, 40_000);
});
