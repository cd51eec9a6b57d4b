/**
 * QA190 (the case next to QA185's cdc6945, which made a raip agent's empty `/invoke` reply
 * invalid_json): a raip agent whose `GET /info` answers 204 No Content or an empty 202 failed
 * discovery contract_violation 'reply has no inputSchema', as if it had sent a JSON document
 * without one. It is invalid_json 'GET …/info: reply is empty (HTTP 204), not JSON', as an empty
 * 200 is. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a raip agent whose /info has no body (QA190)', () => {
  it.each([204, 202])('HTTP %i: discovery fails invalid_json, the reply is empty', async (status) => {
    const agent = await startLoopback((_req, res) => {
      res.writeHead(status);
      res.end();
    });
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: agent.url },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    cleanups.push(
      () => agent.close(),
      () => adapter.close(),
    );
    const outcome = await adapter.discover(new AbortController().signal);
    expect(outcome.ok ? undefined : outcome.error).toEqual({
      kind: 'invalid_json',
      message: `GET ${agent.url}/info: reply is empty (HTTP ${status}), not JSON`,
      retryable: false,
    });
  });
});
