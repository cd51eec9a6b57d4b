/**
 * Regression (QA182): a persistent (seed profile) mae agent that begins a reply and never finishes
 * its line — over stdio or a socket — times out with a message that quotes what it wrote and says
 * the line was never ended; it read "raise limits.timeout" or the flush hint, as if the agent had
 * written nothing. Real subprocess (tests/fixtures/qa182-mae-half-line-agent.mjs), real TCP server.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let server: Server;
let address = '';
const sockets = new Set<Socket>();
beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.on('data', () => socket.write('{"action": "final_answer", "summ'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// the quote ends in a `…` where the agent stopped (QA185: a secret it stopped halfway is masked)
const SAID = 'it wrote "{\\"action\\": \\"final_answer\\", \\"summ…" with no end of line';

describe('mae persistent transports, a reply begun and never finished', () => {
  it('local: the timeout quotes the unfinished line; the next request gets a fresh process', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node qa182-mae-half-line-agent.mjs', profile: 'seed' },
      { timeoutMs: 1_500 },
    );
    try {
      expect(finalAnswer(await adapter.invoke('warm', maeContext()))).toBe('got warm');
      const half = await adapter.invoke('half', maeContext());
      expect(half.ok).toBe(false);
      if (half.ok) return;
      expect(half.error.kind).toBe('timeout');
      expect(half.error.message).toContain(SAID);
      expect(half.error.message).not.toContain('raise limits.timeout');
      expect(finalAnswer(await adapter.invoke('after', maeContext()))).toBe('got after');
    } finally {
      await adapter.close();
    }
  });

  it('socket: the timeout quotes the unfinished line', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'seed' }, { timeoutMs: 1_000 });
    try {
      const half = await adapter.invoke('half', maeContext());
      expect(half.ok).toBe(false);
      if (half.ok) return;
      expect(half.error.kind).toBe('timeout');
      expect(half.error.message).toContain(SAID);
      expect(half.error.message).not.toContain('flush it: Python');
    } finally {
      await adapter.close();
    }
  });
});
