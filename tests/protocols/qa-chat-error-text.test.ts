/**
 * Regression (QA): a chat agent's non-2xx reply says why in the step's message, as the Connexity
 * platform's `Agent HTTP <code>: <body>` does (shared/protocols/chat.md C10) — evalc's message
 * was only `POST …/agent/respond: HTTP 500`, the reason was hidden in `details.body`. Header
 * values echoed back by the agent stay redacted. Real loopback agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const SECRET = 'qa-chat-secret-9f3';
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function failWith(status: number, type: string, body: string) {
  const agent: Loopback = await startLoopback((_req, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body.replace('$SECRET', SECRET));
  });
  const transport = new HttpTransport({ retries: 0, headers: { 'x-api-key': SECRET } });
  const adapter = createChatAdapter({ protocol: 'chat', url: `${agent.url}/agent/respond` }, { transport });
  opened.push(adapter, agent);
  const outcome = await adapter.invoke('Hi', testContext(new AbortController().signal, { id: 'ex-1' }));
  return outcome.ok ? { kind: 'ok', message: '' } : outcome.error;
}

describe('chat agent error replies', () => {
  it("quotes FastAPI's detail of a 500", async () => {
    const error = await failWith(500, 'application/json', '{"detail":"agent crashed:\\n  KeyError zone"}');
    expect(error.kind).toBe('http_500');
    expect(error.message).toMatch(/\/agent\/respond: HTTP 500: agent crashed: KeyError zone$/);
  });

  it('quotes an OpenAI-style error.message and a plain-text body', async () => {
    const json = await failWith(
      400,
      'application/json',
      '{"error":{"message":"messages must not be empty"}}',
    );
    expect(json.message).toMatch(/HTTP 400: messages must not be empty$/);
    const text = await failWith(404, 'text/plain', 'Not Found');
    expect(text.message).toMatch(/HTTP 404: Not Found$/);
  });

  it('never quotes a header value the agent echoes back', async () => {
    const error = await failWith(401, 'application/json', '{"detail":"bad key $SECRET"}');
    expect(error.message).not.toContain(SECRET);
    expect(error.message).toMatch(/HTTP 401: bad key \[redacted\]$/);
  });
});
