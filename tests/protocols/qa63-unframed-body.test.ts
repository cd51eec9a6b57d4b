/**
 * Regression (QA63): a Python `BaseHTTPRequestHandler` with `protocol_version = "HTTP/1.1"` that
 * writes no Content-Length (code ported from HTTP/1.0) sends a body that ends only when the
 * connection closes, and keeps the connection open: the request timed out with "the body did not
 * end" and nothing said why, and every retry hung the same way. Now the timeout names the missing
 * Content-Length, and a retry (sent with `Connection: close`, the server being a Python one) gets
 * the reply. Real python3 stdlib server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { useOneConnectionServer } from '../fixtures/qa63-python-server.js';

const server = useOneConnectionServer();
let url = '';
beforeAll(() => {
  url = `${server.base}/no-length`;
});

describe('a keep-alive reply without Content-Length (QA63)', () => {
  it('times out naming the missing Content-Length', async () => {
    const transport = new HttpTransport({ retries: 0, timeoutMs: 500 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url, body: {} });
      expect(reply.ok ? undefined : reply.error).toMatchObject({
        kind: 'timeout',
        message: `POST ${url}: reply not complete within 500 ms (status 200 and headers arrived; the body did not end: the reply has no Content-Length and is not chunked, so it ends only when the server closes the connection — send a Content-Length header)`,
      });
    } finally {
      await transport.close();
    }
  });

  it('gets the reply on the retry, sent with Connection: close', async () => {
    const transport = new HttpTransport({ retries: 1, timeoutMs: 500, random: () => 0 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url, body: {} });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ answer: 'A:no-length' });
      expect(reply.attempts).toBe(2);
    } finally {
      await transport.close();
    }
  });
});
