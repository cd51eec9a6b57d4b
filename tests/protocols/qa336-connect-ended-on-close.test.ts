/**
 * QA336: a request whose own timeout (a mae http turn's 30 s default) is under its transport's
 * (the agent's pool, built with 60 s when `limits.timeout` is unset) timed out during a TLS
 * handshake nothing answered; closing the transport destroyed its pools, but undici leaves a
 * connect in progress to the pool's connect timeout, so the socket stayed open and apply exited
 * only at 60 s. Closing the transport now ends the connects still in progress. Real loopback TCP:
 * the server sees the connection close soon after `close()`, not at the 20 s connect timeout.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';

let server: Server;
const held: Socket[] = [];
const closed: Promise<void>[] = [];
beforeAll(async () => {
  server = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
    socket.resume(); // flowing, so the client's close is seen ('end', then 'close')
    closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('closing a transport ends a TLS handshake still in progress, not at its connect timeout', async () => {
  const { port } = server.address() as { port: number };
  const transport = new HttpTransport({ retries: 0, timeoutMs: 20_000 });
  const reply = await transport.requestJson({
    method: 'POST',
    url: `https://127.0.0.1:${port}/execute_task`,
    body: {},
    timeoutMs: 300,
  });
  expect(reply.ok ? 'replied' : reply.error.kind).toBe('timeout');
  expect(closed).toHaveLength(1);
  await transport.close();
  const ended = await Promise.race([
    closed[0]!.then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open after 8 s'), 8_000).unref()),
  ]);
  expect(ended).toBe('closed');
}, 20_000);
