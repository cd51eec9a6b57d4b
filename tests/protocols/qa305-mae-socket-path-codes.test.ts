/**
 * QA305 (beside QA302's 59384814): a mae socket agent's `unix:` address through a file
 * (`unix:./agent.log/agent.sock`) or naming a loop of links was told a bare code, `…: ENOTDIR`,
 * `…: ELOOP`, where a missing socket or a file is told in words. Real files, real connects.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connectSocket } from '../../src/protocols/mae/socket-connect.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa305-connect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const messageOf = async (where: string) => {
  const result = await connectSocket({ kind: 'unix', path: where }, 5_000, AbortSignal.timeout(10_000));
  if (result.ok) result.socket.destroy();
  return result.ok ? 'connected' : `${result.error.kind}: ${result.error.message}`;
};

it('a unix address through a file says so in words', async () => {
  const file = path.join(dir, 'agent.log');
  writeFileSync(file, 'started\n');
  const through = path.join(file, 'agent.sock');
  expect(await messageOf(through)).toBe(
    `transport_error: socket agent unix:${through}: a folder of that path is a file, not a folder: is it the path the agent listens on? (ENOTDIR)`,
  );
});

it('a unix address naming a loop of links says so in words', async () => {
  const a = path.join(dir, 'a.sock');
  const b = path.join(dir, 'b.sock');
  symlinkSync(b, a);
  symlinkSync(a, b);
  expect(await messageOf(a)).toBe(
    `transport_error: socket agent unix:${a}: that path is a loop of links, naming no socket: is it the path the agent listens on? (ELOOP)`,
  );
});
