/**
 * Regression (QA): a persistent (seed profile) mae agent whose reply lacks the trailing newline —
 * over stdio or a socket — is answered as soon as the reply is one whole JSON object; evalc used
 * to wait for the newline until the turn timeout (30 s by default) and fail `timeout`.
 * Real subprocess (tests/fixtures/qa-mae-no-newline-agent.mjs) and a real TCP server.
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
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        const request = JSON.parse(buffered.slice(0, end)) as { task_description: string };
        buffered = buffered.slice(end + 1);
        socket.write(JSON.stringify({ action: 'final_answer', summary: `sock ${request.task_description}` }));
        end = buffered.indexOf('\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  address = `127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mae persistent transports, reply without a trailing newline', () => {
  it('local: answers each turn without waiting for the timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node qa-mae-no-newline-agent.mjs', profile: 'seed' },
      { timeoutMs: 5_000 },
    );
    try {
      const started = performance.now();
      const first = await adapter.invoke('one', maeContext());
      const second = await adapter.invoke('two', maeContext());
      expect([finalAnswer(first), finalAnswer(second)]).toEqual(['got one', 'got two']);
      expect(performance.now() - started).toBeLessThan(4_000);
    } finally {
      await adapter.close();
    }
  });

  it('socket: answers each turn on the same connection', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'seed' }, { timeoutMs: 5_000 });
    try {
      const first = await adapter.invoke('one', maeContext());
      const second = await adapter.invoke('two', maeContext());
      expect([finalAnswer(first), finalAnswer(second)]).toEqual(['sock one', 'sock two']);
      expect(sockets.size).toBe(1);
    } finally {
      await adapter.close();
    }
  });
});
