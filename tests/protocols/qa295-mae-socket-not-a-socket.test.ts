/**
 * QA295 (the case beside QA291's f9f82408): a mae socket agent whose `unix:` address names a file
 * that is no socket (its log, its script, a folder) was told 'connection refused (the socket file
 * exists but nothing listens on it: left by an agent that exited?) (ECONNREFUSED)', of a file no
 * agent made. It is now told the path is a file or a folder, not a socket. Real files, real connects.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connectSocket } from '../../src/protocols/mae/socket-connect.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa295-connect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const messageOf = async (where: string) => {
  const result = await connectSocket({ kind: 'unix', path: where }, 5_000, AbortSignal.timeout(10_000));
  if (result.ok) result.socket.destroy();
  return result.ok ? 'connected' : `${result.error.kind}: ${result.error.message}`;
};

it('a unix address naming a regular file or a folder says it is no socket', async () => {
  const file = path.join(dir, 'agent.log');
  writeFileSync(file, 'started\n');
  expect(await messageOf(file)).toBe(
    `transport_error: socket agent unix:${file}: connection refused (that path is a file, not a socket: is it the path the agent listens on?) (ECONNREFUSED)`,
  );
  const folder = path.join(dir, 'run');
  mkdirSync(folder);
  expect(await messageOf(folder)).toBe(
    `transport_error: socket agent unix:${folder}: connection refused (that path is a folder, not a socket: is it the path the agent listens on?) (ECONNREFUSED)`,
  );
});

it('a unix address naming a link to a regular file says it is a file, not a socket left behind (QA302)', async () => {
  const file = path.join(dir, 'agent-2.log');
  writeFileSync(file, 'started\n');
  const link = path.join(dir, 'agent.sock');
  symlinkSync(file, link);
  expect(await messageOf(link)).toBe(
    `transport_error: socket agent unix:${link}: connection refused (that path is a file, not a socket: is it the path the agent listens on?) (ECONNREFUSED)`,
  );
});
