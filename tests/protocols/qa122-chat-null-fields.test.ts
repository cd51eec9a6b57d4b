/**
 * Regression (QA122): a chat agent built against today's Connexity platform, whose pydantic
 * messages declare `tool_calls`/`tool_call_id`/`name` as required nullables, refuses evalc's
 * default (seed) requests, which leave those fields out, with FastAPI's 422 `missing`. The error
 * named only the missing field; it now names the profile that sends them. Real loopback agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** Answers like FastAPI over a model whose nullable message fields have no default. */
async function platformBuiltAgent(): Promise<Loopback> {
  return startLoopback((_req, res, text) => {
    const messages = (JSON.parse(text) as { messages: Array<Record<string, unknown>> }).messages;
    const detail = messages.flatMap((message, index) =>
      ['tool_calls', 'tool_call_id', 'name']
        .filter((field) => !(field in message))
        .map((field) => ({
          type: 'missing',
          loc: ['body', 'messages', index, field],
          msg: 'Field required',
        })),
    );
    if (detail.length > 0) {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messages: [{ role: 'assistant', content: 'hello' }] }));
  });
}

async function run(profile: 'seed' | 'platform') {
  const agent = await platformBuiltAgent();
  const transport = new HttpTransport({ retries: 0 });
  const adapter = createChatAdapter(
    { protocol: 'chat', url: `${agent.url}/agent/respond`, profile },
    { transport },
  );
  opened.push(adapter, agent);
  return adapter.invoke('Hi', testContext(new AbortController().signal, { id: 'ex-1' }));
}

describe('chat agent requiring the platform nulls', () => {
  it('names profile: platform when the seed request is refused for missing null fields', async () => {
    const outcome = await run('seed');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('http_422');
    expect(outcome.error.message).toContain('HTTP 422: body.messages.0.tool_calls: Field required');
    expect(outcome.error.message).toMatch(
      /\(the agent requires tool_calls, tool_call_id, name on every message, .*: profile: platform\?\)$/,
    );
  });

  it('the same agent answers under profile: platform', async () => {
    const outcome = await run('platform');
    expect(outcome.ok).toBe(true);
  });
});
