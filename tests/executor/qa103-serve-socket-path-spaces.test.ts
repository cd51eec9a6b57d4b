/**
 * QA103 (review of f895b60): a served mae socket agent's unix socket is awaited by reading
 * /proc/net/unix, whose last column is the path the agent bound. The check took the 8th
 * whitespace-separated column, so a socket in a folder whose name has a space ('my plans/agent.sock')
 * never matched, and a socket reached through a symlink (the address names a link to the socket the
 * agent binds) never did either: the run waited the whole ready.timeout and failed 'not ready …
 * nothing accepts connections', where 900abe8 (and the connect probe) found the agent. Real
 * processes: the CLI and tests/fixtures/qa100-one-connection-socket-agent.py.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, tempWorkspace } from '../e2e/apply-harness.js';
import { applyServedSocketAgent } from './served-socket-plan.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa100-one-connection-socket-agent.py');
const { dir: root, cleanup } = tempWorkspace('qa103-socket-path');
afterAll(cleanup);

async function applyServed(dir: string, address: string, command: string) {
  const applied = await applyServedSocketAgent(dir, 'qa103-socket-path', {
    address,
    serve: { command, env: { DELAY_MS: '300' }, ready: { timeout: '6s' } },
  });
  expect(applied.run.stderr).not.toContain('not ready within');
  return applied;
}

describe('serve: a unix socket agent awaited through /proc/net/unix (QA103)', () => {
  it('finds a socket whose absolute path has a space in it', async () => {
    assertBuilt();
    const dir = path.join(root, 'my plans');
    const socket = path.join(dir, 'agent.sock');
    const { run, kinds } = await applyServed(
      dir,
      `unix:${socket}`,
      `python3 ${JSON.stringify(AGENT)} ${JSON.stringify(`unix:${socket}`)}`,
    );
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.code).toBe(0);
  }, 40_000);

  it('finds a socket the address reaches through a symlink', async () => {
    const dir = path.join(root, 'link');
    const { run, kinds } = await applyServed(
      dir,
      'link.sock',
      `ln -sf real.sock link.sock && exec python3 ${JSON.stringify(AGENT)} unix:real.sock`,
    );
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.code).toBe(0);
  }, 40_000);
});
