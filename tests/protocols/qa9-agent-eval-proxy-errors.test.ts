/**
 * QA9: an agent-eval judge behind a proxy that answers for it without agent-eval's error
 * envelope — a FastAPI/oauth2-proxy 401 `{"detail": …}` and an nginx 502 HTML page. The
 * failure says what the proxy said (secret header value redacted), not a bare status.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const SECRET = 'Bearer qa9-judge-proxy-secret';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function describeBehind(proxy: Loopback) {
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: proxy.url, headers: { authorization: SECRET }, limits: { retries: 0 } },
    { cwd: process.cwd(), rubrics: {} },
  );
  cleanups.push(
    () => judge.close(),
    () => proxy.close(),
  );
  return judge.describe(AbortSignal.timeout(10_000));
}

describe('agent-eval judge behind a proxy', () => {
  it('quotes a 401 detail in the auth_error', async () => {
    const proxy = await startLoopback((req, res) =>
      sendJson(res, 401, { detail: `token ${req.headers.authorization} expired` }),
    );
    const described = await describeBehind(proxy);
    expect(described.ok ? '' : described.error).toMatchObject({
      kind: 'auth_error',
      message: `GET ${proxy.url}/v1/version: HTTP 401; check the judge's headers: token [redacted] expired`,
    });
  });

  it('quotes the text of a 502 HTML page', async () => {
    const proxy = await startLoopback((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
      );
    });
    const described = await describeBehind(proxy);
    expect(described.ok ? '' : described.error).toMatchObject({
      kind: 'http_502',
      message: `GET ${proxy.url}/v1/version: HTTP 502: 502 Bad Gateway 502 Bad Gateway`,
    });
  });
});
