/**
 * Regression (QA): URL-style socket addresses. `tcp://127.0.0.1:7321` was rejected and
 * `socket://127.0.0.1:7321` (AgentV's documented form) or `http://…` were silently taken as
 * relative unix paths (`<plan>/socket:/127.0.0.1:7321`), failing later with ENOENT. A real TCP
 * agent on 127.0.0.1:0 answers through both URL forms.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSocketAddress } from '../../src/protocols/mae/address.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let server: Server;
let port = 0;
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
        socket.write(
          `${JSON.stringify({ action: 'final_answer', summary: `via ${request.task_description}` })}\n`,
        );
        end = buffered.indexOf('\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mae socket addresses written as URLs', () => {
  it('reads tcp://, socket:// and unix:// forms', () => {
    expect(parseSocketAddress('tcp://127.0.0.1:7321', '/plans')).toEqual({
      ok: true,
      address: { kind: 'tcp', host: '127.0.0.1', port: 7321 },
    });
    expect(parseSocketAddress('socket://localhost:7321/', '/plans')).toEqual({
      ok: true,
      address: { kind: 'tcp', host: 'localhost', port: 7321 },
    });
    expect(parseSocketAddress('unix:///run/agent.sock', '/plans')).toEqual({
      ok: true,
      address: { kind: 'unix', path: '/run/agent.sock' },
    });
    expect(parseSocketAddress('unix://run/agent.sock', '/plans')).toEqual({
      ok: true,
      address: { kind: 'unix', path: '/plans/run/agent.sock' },
    });
  });

  it('rejects other schemes and a URL without a port instead of taking them as paths', () => {
    const http = parseSocketAddress('http://127.0.0.1:7321', '/plans');
    expect(http).toEqual({
      ok: false,
      message:
        'socket address http://127.0.0.1:7321: http:// is not a socket address (use host:port, tcp://host:port or unix:path)',
    });
    expect(parseSocketAddress('tcp://127.0.0.1', '/plans').ok).toBe(false);
  });

  it('talks to a real agent through tcp:// and socket://', async () => {
    for (const form of ['tcp', 'socket']) {
      const adapter = makeMaeAdapter({
        transport: 'socket',
        address: `${form}://127.0.0.1:${port}`,
        profile: 'seed',
      });
      try {
        expect(finalAnswer(await adapter.invoke(form, maeContext()))).toBe(`via ${form}`);
      } finally {
        await adapter.close();
      }
    }
  });
});
