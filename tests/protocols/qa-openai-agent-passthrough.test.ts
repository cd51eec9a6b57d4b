/**
 * Regression (QA): an `openai` agent's rendered input `{messages, tools, tool_choice, …}` sends the
 * tools to the model — they were dropped (only `response_format` was passed), so a
 * function-calling evaluation (tool_call_match on the model's tool calls) never offered the model
 * any tool. Keys that are not chat-completions fields are still not sent, and the plan's own
 * model/temperature/maxTokens win. Real loopback OpenAI-compatible server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_course',
      parameters: { type: 'object', properties: { code: { type: 'string' } } },
    },
  },
];

describe('openai agent request fields from the rendered input', () => {
  it('sends tools, tool_choice and seed; drops unknown keys; plan settings win', async () => {
    const server = await startOpenaiServer('ok');
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: server.baseUrl, model: 'qwen2.5', temperature: 0 },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(
      () => server.close(),
      () => adapter.close(),
    );
    const outcome = await adapter.invoke(
      {
        messages: [{ role: 'user', content: 'Which course is CS229?' }],
        tools: TOOLS,
        tool_choice: 'auto',
        seed: 7,
        temperature: 0.9,
        model: 'other-model',
        query: 'not an API field',
      },
      testContext(new AbortController().signal),
    );
    expect(outcome.ok).toBe(true);
    expect(server.requests[0]?.body).toEqual({
      model: 'qwen2.5',
      messages: [{ role: 'user', content: 'Which course is CS229?' }],
      tools: TOOLS,
      tool_choice: 'auto',
      seed: 7,
      temperature: 0,
    });
  });
});
