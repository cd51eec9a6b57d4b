/**
 * QA103 (review of f895b60): a served mae socket agent on a loopback tcp address is awaited by
 * reading /proc/net/tcp{,6}. Any loopback listener on the agent's port passed for it: another
 * process on 127.0.0.2:<port> (or a dev server on [::1]:<port>) made evalc call the agent at
 * 127.0.0.1:<port> before it listened, and every example failed transport_error (connection
 * refused), where the connect probe waited for the agent. A listener counts only when it takes a
 * connection to the address evalc calls. And a socket agent that never listens is named by its
 * socket address, not as an HTTP agent's "url's port" (it has no url). Real processes: the CLI, a listener in this test and
 * tests/fixtures/qa100-one-connection-socket-agent.py.
 */
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { applyServedSocketAgent } from './served-socket-plan.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa100-one-connection-socket-agent.py');
const { dir, cleanup } = tempWorkspace('qa103-other-loopback');
const other = net.createServer((socket) => socket.destroy());
afterAll(() => {
  other.close();
  cleanup();
});

describe('serve: a tcp socket agent awaited through /proc/net/tcp (QA103)', () => {
  it('is not taken for ready by another process on the same port of another loopback address', async () => {
    assertBuilt();
    const port = await freePort();
    other.listen(port, '127.0.0.2');
    await once(other, 'listening');
    const { run, kinds } = await applyServedSocketAgent(dir, 'qa103-other-loopback', {
      address: `127.0.0.1:${port}`,
      serve: { command: `python3 ${JSON.stringify(AGENT)} tcp:${port}`, env: { DELAY_MS: '1200' } },
    });
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.code, run.stderr).toBe(0);
  }, 40_000);

  it("says a socket agent's tcp address is its socket address, not a url's port, when it never listens", async () => {
    const port = await freePort();
    const { run } = await applyServedSocketAgent(path.join(dir, 'never'), 'qa103-never-listens', {
      address: `127.0.0.1:${port}`,
      serve: {
        command: `python3 ${JSON.stringify(AGENT)} tcp:${port}`,
        env: { DELAY_MS: '60000' },
        ready: { timeout: '2s' },
      },
    });
    expect(run.stderr).toContain(
      `not ready within 2000 ms (nothing accepts connections at 127.0.0.1:${port}, its socket address;`,
    );
    expect(run.stderr).not.toContain("url's port");
  }, 40_000);
});
