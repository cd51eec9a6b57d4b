/**
 * QA9: a failed HTTP reply's message says what the server said, for every HTTP agent protocol
 * (chat already did): FastAPI's `{"detail": …}` on a 401, nginx's HTML 403 page, a plain-text
 * 502 — not a bare "HTTP 401". Real loopback server; the secret header never shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter, isHttpAgentProtocol } from '../../src/protocols/http-adapters.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const SECRET = 'Bearer qa9-error-text-secret';
let server: Loopback;
const adapters: AgentAdapter[] = [];

afterEach(async () => {
  await Promise.all(adapters.splice(0).map((adapter) => adapter.close()));
  await server.close();
});

async function start(): Promise<void> {
  server = await startLoopback((req, res) => {
    if (req.url?.startsWith('/fastapi/')) {
      sendJson(
        res,
        401,
        { detail: `Not authenticated (${req.headers.authorization})` },
        { 'www-authenticate': 'Bearer' },
      );
      return;
    }
    if (req.url?.startsWith('/pydantic/')) {
      sendJson(res, 422, {
        detail: [
          { type: 'missing', loc: ['body', 'input', 'question'], msg: 'Field required', input: {} },
          { type: 'extra_forbidden', loc: ['body', 'context'], msg: 'Extra inputs are not permitted' },
        ],
      });
      return;
    }
    if (req.url?.startsWith('/nginx/')) {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end(
        '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n',
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no route');
  });
}

function adapter(config: AgentConfig): AgentAdapter {
  if (!isHttpAgentProtocol(config)) throw new Error('not an HTTP protocol');
  const made = createHttpAgentAdapter(config, {
    transport: new HttpTransport({ retries: 0, headers: { authorization: SECRET } }),
  });
  adapters.push(made);
  return made;
}

describe('error messages of failed HTTP replies', () => {
  it('raip discovery quotes FastAPI detail on a 401, with the secret redacted', async () => {
    await start();
    const raip = adapter({ protocol: 'raip', url: `${server.url}/fastapi` });
    const found = await raip.discover?.(AbortSignal.timeout(5_000));
    expect(found?.ok ? '' : found?.error.message).toBe(
      `GET ${server.url}/fastapi/info: HTTP 401: Not authenticated ([redacted])`,
    );
  });

  it('raip invoke, the http agent and the openai agent quote the text of an nginx HTML page', async () => {
    await start();
    const expected = (path: string) =>
      `POST ${server.url}${path}: HTTP 403: 403 Forbidden 403 Forbidden nginx/1.25.3`;
    const http = await adapter({ protocol: 'http', url: `${server.url}/nginx/x`, method: 'POST' }).invoke(
      { q: 1 },
      testContext(AbortSignal.timeout(5_000)),
    );
    expect(http.ok ? '' : http.error.message).toBe(expected('/nginx/x'));
    const openai = await adapter({ protocol: 'openai', url: `${server.url}/nginx/v1`, model: 'm' }).invoke(
      'hi',
      testContext(AbortSignal.timeout(5_000)),
    );
    expect(openai.ok ? '' : openai.error.message).toBe(expected('/nginx/v1/chat/completions'));
    const raip = adapter({ protocol: 'raip', url: `${server.url}/nginx` });
    const invoked = await raip.invoke({ q: 1 }, testContext(AbortSignal.timeout(5_000)));
    expect(invoked.ok ? '' : invoked.error).toMatchObject({
      kind: 'http_403',
      message: expected('/nginx/invoke'),
    });
  });

  it('raip names the fields of a FastAPI 422 validation error', async () => {
    await start();
    const raip = adapter({ protocol: 'raip', url: `${server.url}/pydantic` });
    const invoked = await raip.invoke({ query: 'x' }, testContext(AbortSignal.timeout(5_000)));
    expect(invoked.ok ? '' : invoked.error).toMatchObject({
      kind: 'semantic_mismatch',
      message:
        'agent reported a semantic mismatch (422): body.input.question: Field required; body.context: Extra inputs are not permitted',
    });
  });
});
