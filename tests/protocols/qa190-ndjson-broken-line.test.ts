/**
 * QA190 (the case next to QA185's 6ba3a05): an `http` agent's NDJSON reply without Content-Length
 * that ends at a line's end but holds a broken line before it (`{"a":\n{"b":1}\n`, a complete body
 * of the server's malformed NDJSON) was read as a reply the close cut short — the open `{` of its
 * line 1 counted over the whole text — and retried, then recorded transport_error 'the connection
 * closed in the middle of the reply'. Only an NDJSON reply's last line can be cut: this one is
 * invalid_json naming line 1, asked once; a cut last line stays the retried transport_error.
 * Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ask(body: string) {
  let calls = 0;
  const loopback = await startLoopback((_req, res) => {
    calls++;
    res.removeHeader('transfer-encoding');
    res.writeHead(200, { 'content-type': 'application/x-ndjson', connection: 'close' });
    res.write(body);
    res.end();
  });
  cleanups.push(() => loopback.close());
  const adapter = createHttpAdapter(
    { protocol: 'http', method: 'POST', url: `${loopback.url}/ask` },
    { transport: new HttpTransport({ retries: 1, timeoutMs: 5000, random: () => 0 }) },
  );
  cleanups.push(() => adapter.close());
  const outcome = await adapter.invoke({ q: 1 }, testContext(new AbortController().signal));
  return { error: outcome.ok ? undefined : outcome.error, calls, url: loopback.url };
}

describe('an NDJSON reply with a broken line before its last (QA190)', () => {
  it('is invalid_json naming the line, asked once', async () => {
    const { error, calls, url } = await ask('{"a":\n{"b":1}\n');
    expect(error).toEqual({
      kind: 'invalid_json',
      message: `POST ${url}/ask: NDJSON reply line 1 is not JSON: {"a":`,
      retryable: false,
    });
    expect(calls).toBe(1);
  });

  it('a last line the close cut short is still the retried transport_error', async () => {
    const { error, calls } = await ask('{"a":1}\n{"b":');
    expect(error).toMatchObject({ kind: 'transport_error', retryable: true });
    expect(calls).toBe(2);
  });
});
