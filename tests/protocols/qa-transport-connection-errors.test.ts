import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { freePort, type Loopback, startLoopback } from '../fixtures/loopback.js';

const opened: Loopback[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

function transport(): HttpTransport {
  const t = new HttpTransport({ retries: 0, timeoutMs: 5_000 });
  transports.push(t);
  return t;
}

describe('HttpTransport connection failure messages', () => {
  it('an agent that drops the connection mid-reply reads as a closed connection', async () => {
    const server = await startLoopback((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"action":"fin');
      setTimeout(() => req.socket.destroy(), 20);
    });
    opened.push(server);
    const reply = await transport().requestJson({
      method: 'POST',
      url: `${server.url}/execute_task`,
      body: {},
    });
    expect(reply.ok ? 'ok' : reply.error.kind).toBe('transport_error');
    expect(reply.ok ? '' : reply.error.message).toMatch(
      /execute_task: (the connection closed before a complete reply \(UND_ERR_SOCKET\)|the connection was reset \(ECONNRESET\))$/,
    );
  });

  it('nothing listening reads as connection refused', async () => {
    const port = await freePort();
    const reply = await transport().requestJson({ method: 'GET', url: `http://127.0.0.1:${port}/info` });
    expect(reply.ok ? '' : reply.error.message).toBe(
      `GET http://127.0.0.1:${port}/info: connection refused (nothing listening there) (ECONNREFUSED)`,
    );
  });
});
