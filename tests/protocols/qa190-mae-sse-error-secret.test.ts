/**
 * QA190: a mae `sse` agent's error reply that quotes its token (a 403 `{"detail": "… sk-live-…"}`)
 * is quoted with the token masked in every spelling, and before the quote is cut to 200
 * characters. The sse transport masked the header's whole value only (`Bearer sk-live-…`, not the
 * token a server quotes without its scheme) and after the cut, so a token the cut ran through kept
 * its head in the open ('HTTP 403: xxx… sk-live-0123456789a') in every report and the step cache.
 * Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const TOKEN = 'sk-live-0123456789abcdefghijklmnop';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function errorFor(detail: string) {
  const loopback = await startLoopback((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail }));
  });
  cleanups.push(() => loopback.close());
  const transport = new MaeSseTransport({
    url: `${loopback.url}/run`,
    timeoutMs: 5_000,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  cleanups.push(() => transport.close());
  const reply = await transport.send(
    { task_description: 'T1' },
    { signal: new AbortController().signal, log: () => undefined },
  );
  return reply.ok ? undefined : reply.error;
}

describe('mae sse: an error reply quoting the token (QA190)', () => {
  it('masks the token the server quotes without its scheme', async () => {
    const error = await errorFor(`bad token ${TOKEN} for you`);
    expect(error?.message).toMatch(/HTTP 403: bad token \[redacted\] for you$/);
  });

  it('masks it before the quote is cut, so no head of it is left at the cut', async () => {
    const error = await errorFor(`${'x'.repeat(180)} ${TOKEN}`);
    expect(error?.kind).toBe('http_403');
    expect(error?.message).not.toContain('sk-live');
    expect(error?.message).toContain(` ${'x'.repeat(180)} [redacted`);
  });
});
