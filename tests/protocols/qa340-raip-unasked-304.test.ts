/**
 * QA340: a RAIP agent (or a caching proxy before it) that answers `GET /info` with 304 Not
 * Modified though evalc sent no If-None-Match (no lock yet, or no schema at hand to reuse) failed
 * discovery with `inputSchema must be a JSON Schema object or boolean`, which blamed a schema the
 * agent never sent. A 304 is an answer to a conditional request only (RFC 9110 §15.4.5): the error
 * now says what came back and what /info must answer. A 304 to evalc's own If-None-Match (R2) is
 * unchanged. Real loopback agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An agent that answers every request 304 Not Modified, and a discover() against it. */
async function alwaysNotModified(seen: (string | undefined)[]) {
  const server: Loopback = await startLoopback((req, res) => {
    seen.push(req.headers['if-none-match'] as string | undefined);
    res.writeHead(304, { etag: '"x"' });
    res.end();
  });
  const transport = new HttpTransport({ timeoutMs: 5_000, retries: 0 });
  cleanups.push(
    () => server.close(),
    () => transport.close(),
  );
  const adapter = createRaipAdapter({ protocol: 'raip', url: server.url }, { transport });
  return {
    url: server.url,
    discover: (pinned?: { etag: string; inputSchema: unknown }) =>
      adapter.discover(new AbortController().signal, pinned),
  };
}

describe('RAIP /info answered 304 to an unconditional GET (QA340)', () => {
  it('fails discovery saying the agent answered 304 unasked, not that its schema is bad', async () => {
    const seen: (string | undefined)[] = [];
    const { url, discover } = await alwaysNotModified(seen);
    const outcome = await discover();
    expect(seen).toEqual([undefined]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('contract_violation');
    expect(outcome.error.message).toBe(
      `GET ${url}/info: answered 304 Not Modified, but evalc sent no If-None-Match (it holds no schema of this agent to reuse): /info must answer 200 with the agent's inputSchema`,
    );
    expect(outcome.error.message).not.toContain('must be a JSON Schema');
  });

  it('a 304 to the locked ETag still reuses the locked schema (R2)', async () => {
    const seen: (string | undefined)[] = [];
    const { discover } = await alwaysNotModified(seen);
    const outcome = await discover({ etag: '"x"', inputSchema: { type: 'object' } });
    expect(seen).toEqual(['"x"']);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.discovery).toMatchObject({ notModified: true, etag: '"x"' });
  });
});
