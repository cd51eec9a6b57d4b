/**
 * Regression (QA182): a chat or mae (http) agent that answers 204 No Content (or a 202 with no
 * body) fails `invalid_json` saying the reply is empty and naming the status, as an empty 200
 * does (C11: Connexity's `response.json()` on an empty body is "Agent response is not valid
 * JSON"; AgentV's aiohttp refuses it too). It read `contract_violation` "reply is not a JSON
 * object" (chat) and `unknown_action` "reply has no action" (mae), as if the agent had sent a
 * JSON value of the wrong shape. Real loopback server; the url's query (a secret) is not quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { testContext } from './conformance.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    res.writeHead(req.url?.includes('/accepted') ? 202 : 204);
    res.end();
  });
});
afterAll(async () => agent.close());

describe('an empty 2xx reply (QA182)', () => {
  it('chat: invalid_json naming HTTP 204, not a contract violation', async () => {
    const adapter = createChatAdapter(
      { protocol: 'chat', url: `${agent.url}/agent/respond?key=s3cr3t` },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    try {
      const outcome = await adapter.invoke('hi', testContext(new AbortController().signal));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('invalid_json');
      expect(outcome.error.message).toBe(
        `POST ${agent.url}/agent/respond: reply is empty (HTTP 204), not JSON`,
      );
    } finally {
      await adapter.close();
    }
  });

  it('mae http: invalid_json naming HTTP 202, not an unknown action', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: `${agent.url}/accepted`, profile: 'seed' });
    try {
      const outcome = await adapter.invoke('task', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('invalid_json');
      expect(outcome.error.message).toBe(
        `POST ${agent.url}/accepted/execute_task: reply is empty (HTTP 202), not JSON`,
      );
    } finally {
      await adapter.close();
    }
  });
});
