/**
 * QA143: RAIP keeps a reply's `raw` provider payload only with `run.trace` (R12), but an error
 * reply that carried one was quoted whole when it had no `error`/`detail`/`message` to quote:
 * `HTTP 404: {"raw": {"provider": "…"}}` went into the example's error message, hence
 * report.json/md, junit.xml and the cache, with trace off. Without trace the quoted body now
 * leaves `raw` out; with trace it is quoted as before. Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const RAW = { provider: 'PROVIDER-PAYLOAD-qa143', messages: [{ role: 'system', content: 'hidden prompt' }] };
let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((req, res, body) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/info')
      return sendJson(res, 200, { name: 'q', version: '1', inputSchema: { type: 'object' } });
    if (path !== '/invoke') return sendJson(res, 404, {});
    const status = (JSON.parse(body) as { input: { status: number } }).input.status;
    return sendJson(res, status, { raw: RAW, code: `E${status}` });
  });
});
afterAll(async () => {
  await server.close();
});

async function failure(status: number, trace: boolean): Promise<string> {
  const raip = createRaipAdapter(
    { protocol: 'raip', url: server.url },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const ctx = { ...testContext(new AbortController().signal), trace };
    const outcome = await raip.invoke({ status }, ctx);
    return outcome.ok
      ? 'ok'
      : `${outcome.error.kind}: ${outcome.error.message} ${JSON.stringify(outcome.error.details ?? {})}`;
  } finally {
    await raip.close();
  }
}

describe('RAIP error replies and raw (QA143)', () => {
  it.each([404, 500, 400, 422, 409])('a %i body is quoted without raw when trace is off', async (status) => {
    const said = await failure(status, false);
    expect(said).not.toContain('PROVIDER-PAYLOAD');
    expect(said).not.toContain('hidden prompt');
    if (status !== 400 && status !== 422) expect(said).toContain(`"code":"E${status}"`);
  });

  it('with trace on the body is quoted as the agent sent it', async () => {
    expect(await failure(404, true)).toContain('PROVIDER-PAYLOAD');
  });
});
