/**
 * Regression (QA63): a Python `http.server.HTTPServer` (single-threaded) with HTTP/1.1 serves one
 * connection until the client closes it. With undici's pooled keep-alive connections, each
 * request of a concurrent batch waited for the idle connection ahead of it to time out (4 s), and
 * two transports on one server (an agent and its judge) took turns at 4 s a switch: a six-example
 * RAIP plan took 22 s, a plan with four agents and two judges on one server did not finish in 90 s.
 * Now an origin whose `Server` header names such a server gets `Connection: close` on every
 * request after the first reply. Real python3 server (stdlib only), real sockets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { servesOneConnectionAtATime } from '../../src/protocols/http/one-connection-server.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { useOneConnectionServer } from '../fixtures/qa63-python-server.js';

const server = useOneConnectionServer();
let url = '';
beforeAll(() => {
  url = `${server.base}/invoke`;
});

describe('a server that serves one connection at a time', () => {
  it('answers a concurrent batch without waiting out idle keep-alive connections', async () => {
    // timeout 3 s < undici's 4 s keep-alive: before the fix, requests behind an idle connection timed out
    const transport = new HttpTransport({ retries: 0, connections: 16, timeoutMs: 3_000 });
    try {
      const first = await transport.requestJson({ method: 'POST', url, body: { q: 'first' } });
      expect(first.ok).toBe(true);
      const started = performance.now();
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          transport.requestJson({ method: 'POST', url, body: { q: `q${i}` } }),
        ),
      );
      expect(replies.map((reply) => (reply.ok ? reply.body : reply.error.kind))).toEqual(
        Array.from({ length: 8 }, (_, i) => ({ answer: `A:q${i}` })),
      );
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await transport.close();
    }
  });

  it('lets two transports on the same server (an agent and a judge) take turns at once', async () => {
    const agent = new HttpTransport({ retries: 0, timeoutMs: 3_000 });
    const judge = new HttpTransport({ retries: 0, timeoutMs: 3_000 });
    try {
      const started = performance.now();
      for (let turn = 0; turn < 3; turn++) {
        for (const transport of [agent, judge]) {
          const reply = await transport.requestJson({ method: 'POST', url, body: { q: `t${turn}` } });
          expect(reply.ok ? reply.body : reply.error.message).toEqual({ answer: `A:t${turn}` });
        }
      }
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await Promise.all([agent.close(), judge.close()]);
    }
  });
});

describe('servesOneConnectionAtATime', () => {
  it('knows the stdlib servers by their Server header, and not the asynchronous ones', () => {
    expect(servesOneConnectionAtATime('BaseHTTP/0.6 Python/3.11.7')).toBe(true);
    expect(servesOneConnectionAtATime('MyAgent/1.0 Python/3.12.1')).toBe(true);
    expect(servesOneConnectionAtATime('WSGIServer/0.2 CPython/3.11.7')).toBe(true);
    expect(servesOneConnectionAtATime('Werkzeug/3.0.1 Python/3.11.7')).toBe(true);
    expect(servesOneConnectionAtATime('Python/3.11 aiohttp/3.8.4')).toBe(false);
    expect(servesOneConnectionAtATime('uvicorn')).toBe(false);
    expect(servesOneConnectionAtATime('nginx/1.22.1')).toBe(false);
    expect(servesOneConnectionAtATime(undefined)).toBe(false);
  });
});
