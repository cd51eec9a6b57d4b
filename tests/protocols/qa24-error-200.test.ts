/**
 * QA24: a Python agent that catches its exception and returns it with status 200 —
 * `return {"error": str(e)}` — fails the protocol's shape, as it should, but the agent's own
 * explanation was dropped: chat said only "messages is required and must be an array", mae
 * "reply has no action", raip "reply has no output". The message now ends with
 * `; the agent said: openai.RateLimitError: …`. Real Python agent (tests/fixtures/qa24-python-agent.py).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { replyErrorText } from '../../src/protocols/reply-error-field.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';
import { testContext } from './conformance.js';

const SAID = '; the agent said: openai.RateLimitError: Rate limit reached for gpt-4o-mini';

let agent: PythonAgent;
let transport: HttpTransport;
beforeAll(async () => {
  agent = await startPythonAgent('http');
  transport = new HttpTransport({ retries: 0 });
});
afterAll(async () => {
  await transport?.close();
  await agent?.stop();
});

function errorOf(outcome: InvokeOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

const ctx = () => testContext(new AbortController().signal, { id: 'ex-1' });

describe('a 200 reply that is the agent’s caught exception', () => {
  it('chat: contract_violation quoting the agent', async () => {
    const adapter = createChatAdapter(
      { protocol: 'chat', url: `http://127.0.0.1:${agent.port}/agent/respond` },
      { transport },
    );
    const error = errorOf(await adapter.invoke('error-200', ctx()));
    expect(error.kind).toBe('contract_violation');
    expect(error.message).toBe(
      `agent reply does not match the contract: messages is required and must be an array${SAID}`,
    );
  });

  it('mae: unknown_action quoting the agent', async () => {
    const adapter = makeMaeAdapter({
      transport: 'http',
      url: `http://127.0.0.1:${agent.port}`,
      profile: 'agentv',
    });
    try {
      const error = errorOf(await adapter.invoke('error-200', maeContext()));
      expect(error.kind).toBe('unknown_action');
      expect(error.message).toContain(`reply has no action${SAID}`);
    } finally {
      await adapter.close();
    }
  });

  it('raip: contract_violation quoting the agent', async () => {
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: `http://127.0.0.1:${agent.port}` },
      { transport },
    );
    const error = errorOf(await adapter.invoke({ q: 'error-200' }, ctx()));
    expect(error.kind).toBe('contract_violation');
    expect(error.message).toMatch(
      new RegExp(`/invoke: reply has no output${SAID.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });

  it('reads error strings, OpenAI-style {error: {message}} and FastAPI detail strings only', () => {
    expect(replyErrorText({ error: { message: 'quota' } })).toBe('quota');
    expect(replyErrorText({ detail: 'Not Found' })).toBe('Not Found');
    expect(replyErrorText({ detail: [{ loc: ['body'], msg: 'x' }] })).toBeUndefined();
    expect(replyErrorText({ error: null, summary: 'S' })).toBeUndefined();
    expect(replyErrorText({ error: '  a\n  b ' })).toBe('a b');
    expect(replyErrorText(['error'])).toBeUndefined();
  });
});
