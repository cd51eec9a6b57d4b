/**
 * Regression (QA63): a refused connection to a host *name* says which addresses the name resolved
 * to. `url: http://localhost:8000` with uvicorn bound to `::1` only (or Flask on 127.0.0.1 where
 * localhost is ::1) said "connection refused (nothing listening there)" while the server was
 * plainly running. An IP literal keeps the message as it was. Real sockets: a port that was
 * listened on and closed.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('connection refused at a host name (QA63)', () => {
  it('names the address localhost resolved to', async () => {
    const port = await closedPort();
    const transport = new HttpTransport({ retries: 0, timeoutMs: 3_000 });
    try {
      const reply = await transport.requestJson({ method: 'GET', url: `http://localhost:${port}/info` });
      expect(reply.ok ? '' : reply.error.message).toMatch(
        new RegExp(
          `^GET http://localhost:${port}/info: connection refused \\(nothing listening there; localhost resolved to (127\\.0\\.0\\.1|\\[::1\\]):${port}( and (127\\.0\\.0\\.1|\\[::1\\]):${port})?\\) \\(ECONNREFUSED\\)$`,
        ),
      );
    } finally {
      await transport.close();
    }
  });

  it('keeps the message of an IP literal as it was', async () => {
    const port = await closedPort();
    const transport = new HttpTransport({ retries: 0, timeoutMs: 3_000 });
    try {
      const reply = await transport.requestJson({ method: 'GET', url: `http://127.0.0.1:${port}/info` });
      expect(reply.ok ? '' : reply.error.message).toBe(
        `GET http://127.0.0.1:${port}/info: connection refused (nothing listening there) (ECONNREFUSED)`,
      );
    } finally {
      await transport.close();
    }
  });
});
