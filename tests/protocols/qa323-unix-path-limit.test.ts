/**
 * QA323: a mae `socket` agent's `unix:` path over the OS limit (107 bytes on Linux) is cut by Node
 * to its first 107 bytes, where no socket is, and an agent binding it whole fails (Python's bind:
 * 'AF_UNIX path too long'). The failure read 'no socket at that path (nothing listening there: is
 * the agent started …?) (ENOENT)', with no word of the length; it now says the limit. A path
 * within the limit reads as before. Real connects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notListeningHint } from '../../src/executor/discovery.js';
import type { AgentConfig } from '../../src/plan/schema.js';
import { connectSocket } from '../../src/protocols/mae/socket-connect.js';

const dir = mkdtempSync(join(tmpdir(), 'qa323-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = async (path: string): Promise<string> => {
  const result = await connectSocket({ kind: 'unix', path }, 5_000, AbortSignal.timeout(10_000));
  if (result.ok) {
    result.socket.destroy();
    return 'connected';
  }
  return result.error.message;
};

describe.skipIf(process.platform !== 'linux')('a unix socket path over the OS limit', () => {
  it('says the limit, not that nothing listens there', async () => {
    const long = join(dir, `${'a'.repeat(130 - dir.length)}.sock`);
    expect(Buffer.byteLength(long)).toBe(136);
    expect(await failure(long)).toBe(
      `socket agent unix:${long}: the socket path is 136 bytes, over the 107 a unix socket path holds on Linux: it was cut to its first 107, where no socket is (an agent binding it whole fails; Python says 'AF_UNIX path too long'): use a shorter path, e.g. under /tmp (ENOENT)`,
    );
    const short = join(dir, 'agent.sock');
    expect(await failure(short)).toBe(
      `socket agent unix:${short}: no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)`,
    );
    // 'is the agent running at …?' is for the short path only: starting it does not help the long one
    const hint = async (path: string) =>
      notListeningHint({ protocol: 'mae', transport: 'socket', address: `unix:${path}` } as AgentConfig, {
        kind: 'transport_error',
        message: await failure(path),
        retryable: true,
      });
    expect(await hint(long)).toBe('');
    expect(await hint(short)).toMatch(/is the agent running at/);
  });
});
