/**
 * QA143: a RAIP base URL whose query string carries a token or signature (`?sig=a%20b~c`, a
 * gateway's pre-signed link) reached `/info` as written but `/invoke?…&trace=true` re-encoded:
 * adding `trace=true` went through URLSearchParams, which rewrote every parameter (`%20` → `+`,
 * `~` → `%7E`), so with `run.trace` on the agent got a different query than `/info` did. The
 * query is now kept byte for byte and `trace=true` appended (an existing `trace=` replaced).
 * Real loopback server recording request targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { joinUrlPath } from '../../src/protocols/http/url-path.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

let server: Loopback;
const targets: string[] = [];
beforeAll(async () => {
  server = await startLoopback((req, res) => {
    const target = req.url ?? '';
    targets.push(`${req.method} ${target}`);
    if (target.split('?')[0]?.endsWith('/info'))
      return sendJson(res, 200, { name: 'q', version: '1', inputSchema: { type: 'object' } });
    return sendJson(res, 200, { output: { answer: 'a' }, usage: {} });
  });
});
afterAll(async () => {
  await server.close();
});

describe('RAIP trace=true on a base URL with a query string (QA143)', () => {
  it('keeps the query as written and appends trace=true', async () => {
    targets.length = 0;
    const raip = createRaipAdapter(
      { protocol: 'raip', url: `${server.url}/agent?sig=a%20b~c%2Fd&x=` },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    try {
      expect((await raip.discover?.(AbortSignal.timeout(10_000)))?.ok).toBe(true);
      const ctx = { ...testContext(new AbortController().signal), trace: true };
      expect((await raip.invoke({}, ctx)).ok).toBe(true);
    } finally {
      await raip.close();
    }
    expect(targets).toEqual([
      'GET /agent/info?sig=a%20b~c%2Fd&x=',
      'POST /agent/invoke?sig=a%20b~c%2Fd&x=&trace=true',
    ]);
  });

  it('replaces a trace parameter the base URL already has, leaving the others as written', () => {
    expect(joinUrlPath('http://h/a?trace=false&k=a%20b~', '/invoke', { trace: 'true' })).toBe(
      'http://h/a/invoke?trace=true&k=a%20b~',
    );
    expect(joinUrlPath('http://h/a?k=1+2&trace&trace=0', '/invoke', { trace: 'true' })).toBe(
      'http://h/a/invoke?k=1+2&trace=true',
    );
  });
});
