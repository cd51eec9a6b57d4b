/**
 * QA185 (the case next to QA182's 4db31e8, which fixed chat and mae http): a raip or openai agent
 * that answers 204 No Content (or a 202 with no body) fails `invalid_json` 'reply is empty (HTTP
 * 204), not JSON', as an empty 200 does: it read `contract_violation` "reply has no output" (raip)
 * and "chat completion has no choices[0].message" (openai), as if the agent had sent JSON of the
 * wrong shape. A generic `http` agent's 204 stays a reply with no body (it may mean it). Real
 * loopback server; the url's query is not quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    if (req.url?.startsWith('/info'))
      return sendJson(res, 200, { name: 'a', version: '1', inputSchema: { type: 'object' } });
    res.writeHead(req.url?.includes('/accepted') ? 202 : 204);
    res.end();
  });
});
afterAll(async () => agent.close());

async function errorOf(adapter: AgentAdapter, input: unknown) {
  try {
    const outcome = await adapter.invoke(input, testContext(new AbortController().signal));
    return outcome.ok ? undefined : { kind: outcome.error.kind, message: outcome.error.message };
  } finally {
    await adapter.close();
  }
}

const transport = () => new HttpTransport({ timeoutMs: 3_000, retries: 0 });

describe('an empty 2xx reply from a raip or openai agent (QA185)', () => {
  it('raip: invalid_json naming HTTP 204, not a reply without output', async () => {
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: `${agent.url}?key=s3cr3t` },
      { transport: transport() },
    );
    expect(await errorOf(adapter, { q: 1 })).toEqual({
      kind: 'invalid_json',
      message: `POST ${agent.url}/invoke: reply is empty (HTTP 204), not JSON`,
    });
  });

  it('openai: invalid_json naming HTTP 202, not a completion without choices', async () => {
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${agent.url}/accepted/v1`, model: 'm' },
      { transport: transport() },
    );
    expect(await errorOf(adapter, 'hi')).toEqual({
      kind: 'invalid_json',
      message: `POST ${agent.url}/accepted/v1/chat/completions: reply is empty (HTTP 202), not JSON`,
    });
  });
});
