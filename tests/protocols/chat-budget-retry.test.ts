/**
 * A chat conversation's `limits.budget` bounds its retries too (QA27 P3): a `Retry-After` longer
 * than what is left of the budget is not waited out. With a 600 ms budget and a server that
 * answers 429 `Retry-After: 10`, the example failed only after ~10 s, then passed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { testContext } from './conformance.js';

let server: Server;
let url = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '10' });
      res.end('{"detail":"slow down"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent/respond`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('chat budget and retries', () => {
  it('gives up a retry whose Retry-After outlasts the budget, saying why', async () => {
    const transport = new HttpTransport({ timeoutMs: 5000, retries: 3, random: () => 0 });
    const adapter = createChatAdapter({ protocol: 'chat', url }, { transport, budgetMs: 600 });
    try {
      const started = performance.now();
      const outcome = await adapter.invoke('hi', testContext(new AbortController().signal, { id: 'ex-1' }));
      const elapsed = performance.now() - started;
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_429' } });
      expect(requests).toBe(1);
      expect(elapsed).toBeLessThan(3000);
    } finally {
      await adapter.close();
    }
  });
});
