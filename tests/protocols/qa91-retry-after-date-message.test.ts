/**
 * Regression (QA91): a 429 whose Retry-After is an HTTP date an hour or more away is not waited
 * for, and its message said the wait in exact seconds counted from each request's own moment
 * ("retry after 3600 s", then "3599 s"), so one rate limit filled report.md's Errors table with a
 * row per second (the table groups by distinct message). A wait of 10 minutes or more is now said
 * to the minute, and one limit reads as one message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
});

describe('a long Retry-After date', () => {
  it('reads as one message across requests made seconds apart', async () => {
    const resetAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toUTCString();
    server = await startLoopback((_req, res) => {
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': resetAt });
      res.end('quota exceeded');
    });
    const transport = new HttpTransport({ retries: 2, timeoutMs: 5_000 });
    const messages: string[] = [];
    for (let i = 0; i < 2; i++) {
      const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/x`, body: {} });
      messages.push(reply.ok ? '' : reply.error.message);
      if (i === 0) await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    await transport.close();
    expect(messages[0]).toContain('(it asks to retry after 3600 s, longer than evalc waits: 120 s)');
    expect(messages[1]).toBe(messages[0]);
  });
});
