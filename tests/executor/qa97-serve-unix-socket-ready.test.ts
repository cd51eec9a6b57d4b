/**
 * QA97: a served `mae` socket agent on a unix socket (the seed Agent API's "Unix: /path/to/socket")
 * without `ready:` got the fixed 500 ms settle, not the wait QA44 gave loopback ports: an agent that
 * needs a second to start (a Python import) failed its first example with `transport_error: ENOENT`.
 * evalc now waits until the socket accepts a connection, as it does for a loopback port. Real
 * processes: the CLI and tests/fixtures/qa97-slow-unix-agent.mjs.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { assertBuilt, REPO_ROOT, tempWorkspace } from '../e2e/apply-harness.js';
import { applyServedSocketAgent } from './served-socket-plan.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa97-slow-unix-agent.mjs');
const { dir, cleanup } = tempWorkspace('qa97-unix');
afterAll(cleanup);

describe('serve: a mae socket agent on a unix socket, without ready:', () => {
  it('is awaited until its socket accepts connections (relative address, plan folder)', async () => {
    assertBuilt();
    const { run, kinds } = await applyServedSocketAgent(dir, 'qa97-unix', {
      address: 'agent.sock',
      serve: { command: `node ${JSON.stringify(AGENT)} agent.sock`, env: { DELAY_MS: '1500' } },
    });
    expect(run.stderr).not.toContain('ENOENT');
    expect(run.code).toBe(0);
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
  }, 40_000);

  it('names the socket when it never listens', async () => {
    const started = await startServedProcess(
      { command: 'node -e "setTimeout(() => {}, 5000)"', ready: { timeout: '1s' } },
      { cwd: dir, name: 'a', logFile: path.join(dir, 'silent.log'), address: 'unix:never.sock' },
    );
    if (started.ok) await started.handle.stop();
    expect(started.ok ? 'ok' : started.error.message).toContain(
      `nothing accepts connections at unix:${path.join(dir, 'never.sock')}, its socket address`,
    );
  }, 20_000);
});
