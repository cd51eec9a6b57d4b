/**
 * Regression (QA63): a served agent's `ready.url` probe leaves no idle connection behind. It used
 * `fetch`, whose pooled connection stayed open 4 s after the answer; a single-threaded agent
 * (Python's `HTTPServer` with HTTP/1.1, served with `serve:`) served that idle connection until it
 * timed out, so the run's first request (RAIP `/info`) waited 4 s — 5.1 s for a 12-call plan,
 * 1.6 s after the fix. Real python3 stdlib server (tests/fixtures/qa63-one-connection-server.py).
 */
import { describe, expect, it } from 'vitest';
import { isUrlReady } from '../../src/executor/ready-url.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { useOneConnectionServer } from '../fixtures/qa63-python-server.js';

const server = useOneConnectionServer();

describe('ready.url probe (QA63)', () => {
  it('closes its connection, so a single-threaded agent answers the next request at once', async () => {
    expect(await isUrlReady(`${server.base}/healthz`)).toBe(true);
    // 2 s < the 4 s an idle pooled connection held the server
    const transport = new HttpTransport({ retries: 0, timeoutMs: 2_000 });
    try {
      const reply = await transport.requestJson({
        method: 'POST',
        url: `${server.base}/invoke`,
        body: { q: 'x' },
      });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ answer: 'A:x' });
    } finally {
      await transport.close();
    }
  });

  it('is false when nothing listens', async () => {
    expect(await isUrlReady('http://127.0.0.1:1/healthz')).toBe(false);
  });
});
