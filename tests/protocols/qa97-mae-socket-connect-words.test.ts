/**
 * QA97: a `mae` socket agent that is not there failed with the bare code (`socket agent
 * unix:/…/agent.sock: ENOENT`, `…: ECONNREFUSED`); the HTTP transport says the same thing in
 * words. Real sockets: a path nothing created, a stale socket file nothing listens on, a closed
 * loopback port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSocket } from '../../src/protocols/mae/socket-connect.js';
import { freePort } from '../fixtures/loopback.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa97-connect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const messageOf = async (address: Parameters<typeof connectSocket>[0]) => {
  const result = await connectSocket(address, 5_000, AbortSignal.timeout(10_000));
  if (result.ok) result.socket.destroy();
  return result.ok ? 'connected' : `${result.error.kind}: ${result.error.message}`;
};

describe('mae socket connection failures in words', () => {
  it('a unix path with no socket', async () => {
    const where = path.join(dir, 'missing.sock');
    expect(await messageOf({ kind: 'unix', path: where })).toBe(
      `transport_error: socket agent unix:${where}: no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)`,
    );
  });

  it('a stale unix socket file nothing listens on', async () => {
    const where = path.join(dir, 'stale.sock');
    // An agent killed with SIGKILL leaves its socket file behind.
    const agent = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(where)}, () => console.log('up'))`,
    ]);
    await new Promise<void>((resolve) => agent.stdout.once('data', () => resolve()));
    expect(await messageOf({ kind: 'unix', path: where })).toBe('connected');
    agent.kill('SIGKILL');
    await new Promise<void>((resolve) => agent.once('exit', () => resolve()));
    expect(existsSync(where)).toBe(true);
    expect(await messageOf({ kind: 'unix', path: where })).toMatch(
      /: connection refused \(the socket file exists but nothing listens on it: left by an agent that exited\?\) \(ECONNREFUSED\)$/,
    );
  });

  it('a loopback port nothing listens on', async () => {
    const port = await freePort();
    expect(await messageOf({ kind: 'tcp', host: '127.0.0.1', port })).toBe(
      `transport_error: socket agent tcp:127.0.0.1:${port}: connection refused (nothing listening there) (ECONNREFUSED)`,
    );
  });
});
