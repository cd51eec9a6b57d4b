/**
 * QA153: in an HTML error page, a script or style element's contents start after its start tag,
 * and a quoted attribute value is part of that tag (QA138, QA150): `<script data-x="</script>">`
 * closed the element inside its own attribute, so the script's code was quoted as the error's
 * text. The closer is now searched from the start tag's end, which keeps the reading linear (a
 * page whose every start tag opens a quote closed only at its end is read at once). Real
 * loopback RAIP agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function failWith(page: string): Promise<{ message: string; ms: number }> {
  const agent: Loopback = await startLoopback((req, res) => {
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
}

describe('a script or style closer inside its start tag (QA153)', () => {
  it('`</script>` in a quoted attribute of the script does not end it', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script data-x="</script>">var gone = 1;</script><style title='</style>'>p{}</style><p>Database connection refused</p>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database connection refused$/);
  });

  it('a megabyte of start tags whose quotes close only at the page end is read at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${`<script a='x" b="</script>`.repeat(40_000)}'"`);
    expect(message).toMatch(/invoke: HTTP 500: boom /);
    // Linear: milliseconds; scanning each start tag to the page end would take minutes.
    expect(ms).toBeLessThan(10_000);
  });
});
