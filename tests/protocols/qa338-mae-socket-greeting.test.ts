/**
 * QA338: a socket agent that greets on connecting (`READY`, a banner: common for line servers)
 * failed every example `invalid_json: socket agent tcp:…: reply is not JSON: "READY"` and no more,
 * where a local agent's banner on stdout is told to go to stderr. A socket line that is no JSON
 * now says a socket agent writes only its JSON replies, a greeting being read as the reply; both
 * profiles (one connection per agent, one per turn). Real TCP server on 127.0.0.1:0.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let server: Server;
let address: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write('READY\n');
    socket.on('data', () => socket.write('{"action": "final_answer", "summary": "hello"}\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mae socket agent that greets on connecting', () => {
  for (const profile of ['seed', 'agentv'] as const) {
    it(`says a greeting is read as the reply (${profile})`, async () => {
      const adapter = makeMaeAdapter({ transport: 'socket', address, profile }, { timeoutMs: 10_000 });
      try {
        const outcome = await adapter.invoke('t1', maeContext());
        expect(outcome.ok ? 'answered' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
          `invalid_json: socket agent tcp:${address}: reply is not JSON: "READY" (a socket agent writes only its JSON replies, one line per request: a greeting on connecting or a log line is read as the reply)`,
        );
      } finally {
        await adapter.close();
      }
    }, 20_000);
  }
});
