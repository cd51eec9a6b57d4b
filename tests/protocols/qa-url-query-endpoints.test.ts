/**
 * Regression (QA): a configured base URL with a query string (Azure OpenAI's
 * `…/deployments/d?api-version=2024-02-01`, a gateway's `?tenant=`) kept the query and got the
 * endpoint path appended INSIDE it (`?api-version=2024-02-01/chat/completions`). RAIP, openai
 * (agent and judge) and agent-eval now put the endpoint on the path and keep the query last.
 * One real loopback server records the request targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { joinUrlPath } from '../../src/protocols/http/url-path.js';
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
    if (path.endsWith('/v1/version'))
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
      });
    return sendJson(res, 404, { error: { code: 'not_found', message: 'no' } });
  });
});
afterAll(async () => {
  await server.close();
});

const signal = () => AbortSignal.timeout(10_000);

describe('endpoint URLs from a base with a query string', () => {
  it('joinUrlPath puts the suffix on the path and keeps the query last', () => {
    expect(joinUrlPath('http://h/v1?api-version=2024-02-01', '/chat/completions')).toBe(
      'http://h/v1/chat/completions?api-version=2024-02-01',
    );
    expect(joinUrlPath('http://h/a/?t=1', '/invoke', { trace: 'true' })).toBe(
      'http://h/a/invoke?t=1&trace=true',
    );
    expect(joinUrlPath('http://h/v1/', '/chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('raip, openai and agent-eval send to <path>/<endpoint>?<query>', async () => {
    targets.length = 0;
    const raip = createRaipAdapter(
      { protocol: 'raip', url: `${server.url}/agent?tenant=t1` },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    const openai = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/openai/deployments/d?api-version=2024-02-01`, model: 'm' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', url: `${server.url}/judge?tenant=t1` },
      { cwd: process.cwd(), rubrics: {} },
    );
    try {
      expect((await raip.discover?.(signal()))?.ok).toBe(true);
      expect((await raip.invoke({}, testContext(new AbortController().signal))).ok).toBe(true);
      expect((await openai.invoke('hi', testContext(new AbortController().signal))).ok).toBe(true);
      expect((await judge.describe(signal())).ok).toBe(true);
    } finally {
      await Promise.all([raip.close(), openai.close(), judge.close()]);
    }
    expect(targets).toEqual([
      'GET /agent/info?tenant=t1',
      'POST /agent/invoke?tenant=t1',
      'POST /openai/deployments/d/chat/completions?api-version=2024-02-01',
      'GET /judge/v1/version?tenant=t1',
    ]);
  });
});
