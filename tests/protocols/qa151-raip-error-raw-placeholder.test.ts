/**
 * QA151: since QA143 an error reply's `raw` is left out of the quoted body without `run.trace`
 * (R12). A body of `raw` alone was then quoted `HTTP 404: {}` — as if the agent had sent an empty
 * object — and one with other fields gave no sign that anything was left out. `raw` is now quoted
 * as `"(left out: run.trace is off)"`; its payload still never appears. Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((req, res, body) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/info')
      return sendJson(res, 200, { name: 'q', version: '1', inputSchema: { type: 'object' } });
    const input = (JSON.parse(body) as { input: { status: number; extra?: boolean } }).input;
    const raw = { provider: 'PROVIDER-PAYLOAD-qa151' };
    return sendJson(res, input.status, input.extra ? { code: 'E1', raw } : { raw });
  });
});
afterAll(async () => {
  await server.close();
});

async function message(input: { status: number; extra?: boolean }): Promise<string> {
  const raip = createRaipAdapter(
    { protocol: 'raip', url: server.url },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const outcome = await raip.invoke(input, { ...testContext(new AbortController().signal), trace: false });
    return outcome.ok ? 'ok' : outcome.error.message;
  } finally {
    await raip.close();
  }
}

describe('an error reply whose raw is left out without trace (QA151)', () => {
  it.each([404, 500])('a %i body of raw alone says raw was left out, not {}', async (status) => {
    const said = await message({ status });
    expect(said).toContain(`HTTP ${status}: {"raw":"(left out: run.trace is off)"}`);
    expect(said).not.toContain('PROVIDER-PAYLOAD');
  });

  it('beside other fields too', async () => {
    const said = await message({ status: 409, extra: true });
    expect(said).toContain('{"code":"E1","raw":"(left out: run.trace is off)"}');
    expect(said).not.toContain('PROVIDER-PAYLOAD');
  });
});
