/**
 * The HTML error page tests' agent (QA127, QA138, QA150, QA153): a real loopback RAIP agent whose
 * `/info` is ordinary and whose `/invoke` answers 500 with a given `text/html` page; `failWith`
 * returns the error message evalc quotes from it and how long the call took.
 */
import { afterEach, expect } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

export type FailWith = (page: string) => Promise<{ message: string; ms: number }>;

/** `failWith` for a test file; the agents and adapters it opens are closed after each test. */
export function htmlErrorPages(): FailWith {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((item) => item.close()));
  });
  return async (page) => {
    const agent = await startLoopback((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
        return;
      }
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(page);
    });
    opened.push(agent);
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: agent.url },
      { transport: new HttpTransport({ timeoutMs: 20_000, retries: 0 }) },
    );
    opened.push(adapter);
    expect((await adapter.discover(new AbortController().signal)).ok).toBe(true);
    const started = performance.now();
    const outcome = await adapter.invoke({ query: 'q' }, testContext(new AbortController().signal));
    return { message: outcome.ok ? 'ok' : outcome.error.message, ms: performance.now() - started };
  };
}
