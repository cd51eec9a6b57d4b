/**
 * QA273: a mae `sse` agent whose connection was refused (nothing listening yet: an agent still
 * starting) failed its turn at once under `limits.retries`, where an `http` agent's refused
 * connection is retried: nothing was sent, so the agent acted on nothing, as with a 429/503 status
 * (QA260). It is now sent again; a connection reset after the request was sent is not (the agent
 * may have acted), nor a refused one without `limits.retries` (AgentV parity). Real loopback sockets.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { freePort } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function run(url: string, limits: MaeAgentConfig['limits']) {
  const counter = { sent: 0 };
  const logs: string[] = [];
  const adapter = makeMaeAdapter(
    { profile: 'seed', transport: 'sse', url, ...(limits ? { limits } : {}) },
    { timeoutMs: 5_000, retryCounter: counter },
  );
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs }));
    return { error: outcome.ok ? undefined : outcome.error, counter, logs };
  } finally {
    await adapter.close();
  }
}

describe('mae sse: a refused connection is retried under limits.retries (QA273)', () => {
  it('nothing listening: sent again limits.retries times, then transport_error', async () => {
    const url = `http://127.0.0.1:${await freePort()}/stream`;
    const { error, counter, logs } = await run(url, { retries: 2 });
    expect(error).toMatchObject({
      kind: 'transport_error',
      message: expect.stringContaining('(ECONNREFUSED)'),
    });
    expect(counter.sent).toBe(2);
    expect(logs.some((line) => line.includes('transport_error') && line.includes('retry 2 of 2'))).toBe(true);
  });

  it('without limits.retries: not sent again, as before', async () => {
    const url = `http://127.0.0.1:${await freePort()}/stream`;
    const { error, counter } = await run(url, undefined);
    expect(error?.kind).toBe('transport_error');
    expect(counter.sent).toBe(0);
  });

  it('a connection reset once the request arrived: not sent again (the agent may have acted)', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.once('data', () => socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as { port: number };
    const { error, counter } = await run(`http://127.0.0.1:${port}/stream`, { retries: 2 });
    expect(error?.kind).toBe('transport_error');
    expect(error?.message).not.toContain('ECONNREFUSED');
    expect(counter.sent).toBe(0);
    expect(connections).toBe(1);
  });
});
