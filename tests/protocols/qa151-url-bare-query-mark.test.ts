/**
 * QA151: a base URL ending in a bare `?` (an empty query, as a copied link or a template with no
 * parameters leaves it) or a bare `#` parses to an empty query/fragment, and joinUrlPath joined it
 * as text: RAIP asked `GET /v2?/info` (path `/v2`, query `/info`) and openai sent
 * `/v1#/chat/completions`, i.e. `/v1` itself. The endpoint now goes on the path. One real loopback
 * server records the request targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

let server: Loopback;
const targets: string[] = [];
beforeAll(async () => {
  server = await startLoopback((req, res) => {
    const target = req.url ?? '';
    targets.push(`${req.method} ${target}`);
    const path = target.split('?')[0] ?? '';
    if (path.endsWith('/info'))
      return sendJson(res, 200, { name: 'q', version: '1', inputSchema: { type: 'object' } });
    if (path.endsWith('/invoke')) return sendJson(res, 200, { output: { answer: 'a' }, usage: {} });
    if (path.endsWith('/chat/completions'))
      return sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: 'c' } }] });
    return sendJson(res, 404, { error: { code: 'not_found', message: 'no' } });
  });
});
afterAll(async () => {
  await server.close();
});

describe('a base URL ending in a bare ? or # (QA151)', () => {
  it('raip and openai send to <path>/<endpoint>', async () => {
    targets.length = 0;
    const raip = createRaipAdapter(
      { protocol: 'raip', url: `${server.url}/v2?` },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    const openai = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1#`, model: 'm' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    try {
      expect((await raip.discover?.(new AbortController().signal))?.ok).toBe(true);
      expect((await raip.invoke({}, testContext(new AbortController().signal))).ok).toBe(true);
      expect((await openai.invoke('hi', testContext(new AbortController().signal))).ok).toBe(true);
    } finally {
      await Promise.all([raip.close(), openai.close()]);
    }
    expect(targets).toEqual(['GET /v2/info', 'POST /v2/invoke', 'POST /v1/chat/completions']);
  });
});
