import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { chatCompletion } from '../../src/protocols/openai/chat-completion.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type OpenaiBehaviour, type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { describeAdapterConformance, testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  behaviour: OpenaiBehaviour,
  extra: { system?: string; temperature?: number; maxTokens?: number } = {},
): Promise<{ server: OpenaiServer; adapter: AgentAdapter; transport: HttpTransport }> {
  const server = await startOpenaiServer(behaviour);
  const transport = new HttpTransport({ timeoutMs: 500, retries: 0 });
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `${server.baseUrl}/`, model: 'qwen2.5', ...extra },
    { transport },
  );
  cleanups.push(
    () => server.close(),
    () => adapter.close(),
  );
  return { server, adapter, transport };
}

const ctx = () => testContext(new AbortController().signal);

describe('openai adapter', () => {
  it('sends a string input as one user message with the configured model, temperature and max_tokens', async () => {
    const { server, adapter } = await setup('ok', {
      system: 'You advise students.',
      temperature: 0,
      maxTokens: 64,
    });
    const outcome = await adapter.invoke('intro ML?', ctx());
    expect(server.requests[0]?.body).toEqual({
      model: 'qwen2.5',
      messages: [
        { role: 'system', content: 'You advise students.' },
        { role: 'user', content: 'intro ML?' },
      ],
      temperature: 0,
      max_tokens: 64,
    });
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: {
        response: {
          content: 'Echo: intro ML?',
          model: 'qwen2.5',
          choices: [{ message: { content: 'Echo: intro ML?' } }],
        },
        usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 },
        model: 'qwen2.5',
        turns: 1,
      },
    });
    if (outcome.ok)
      expect(outcome.trajectory.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
  });

  it('omits temperature and max_tokens when the plan does not set them', async () => {
    const { server, adapter } = await setup('ok');
    await adapter.invoke({ messages: [{ role: 'user', content: 'hi' }] }, ctx());
    expect(server.requests[0]?.body).toEqual({
      model: 'qwen2.5',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('passes response_format through from the rendered input', async () => {
    const { server, adapter } = await setup('ok');
    const responseFormat = { type: 'json_schema', json_schema: { name: 'a', schema: { type: 'object' } } };
    const outcome = await adapter.invoke(
      { messages: [{ role: 'user', content: 'q' }], response_format: responseFormat },
      ctx(),
    );
    expect(server.requests[0]?.body.response_format).toEqual(responseFormat);
    expect(outcome).toMatchObject({ ok: true, trajectory: { response: { content: '{"answer":"q"}' } } });
  });

  it('records tool calls of the reply with parsed arguments', async () => {
    const { adapter } = await setup('tools');
    const outcome = await adapter.invoke('find CS229', ctx());
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.toolCalls).toEqual([
      { turn: 0, name: 'get_course', arguments: { code: 'CS229' } },
    ]);
    expect(outcome.trajectory.response).toMatchObject({ content: null });
    expect(outcome.trajectory.messages.at(-1)?.tool_calls?.[0]?.function.name).toBe('get_course');
  });

  it('reports a reply without choices as contract_violation', async () => {
    const { adapter } = await setup('no-choices');
    expect(await adapter.invoke('x', ctx())).toMatchObject({
      ok: false,
      error: { kind: 'contract_violation' },
    });
  });

  it('rejects an input that is neither a string nor {messages} without a request', async () => {
    const { server, adapter } = await setup('ok');
    expect(await adapter.invoke(42, ctx())).toMatchObject({ ok: false, error: { kind: 'contract_error' } });
    expect(server.requests).toHaveLength(0);
  });

  it('chatCompletion reports the server error message on a 400 without retrying', async () => {
    const { server, transport } = await setup('ok');
    const outcome = await chatCompletion(
      transport,
      server.baseUrl,
      { model: 'm', messages: [] },
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'http_400', message: expect.stringContaining('model and messages are required') },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('chatCompletion returns the first choice content', async () => {
    const { server, transport } = await setup('ok');
    const outcome = await chatCompletion(
      transport,
      server.baseUrl,
      { model: 'judge', messages: [{ role: 'user', content: 'rate' }], temperature: 0 },
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({ ok: true, content: 'Echo: rate', message: { role: 'assistant' } });
  });
});

const SECRET = 'Bearer openai-conformance-secret';
const BEHAVIOURS: Record<string, OpenaiBehaviour> = {
  ok: 'ok',
  error500: 'error500',
  badjson: 'badjson',
  slow: 'slow',
};

describeAdapterConformance('openai', async (behaviour) => {
  const server = await startOpenaiServer(BEHAVIOURS[behaviour]!);
  const transport = new HttpTransport({
    timeoutMs: 300,
    retries: 1,
    random: () => 0,
    headers: { authorization: SECRET },
  });
  const adapter = createOpenaiAdapter({ protocol: 'openai', url: server.baseUrl, model: 'm' }, { transport });
  return {
    adapter,
    input: 'hello',
    ctx: (signal) => testContext(signal),
    secret: SECRET,
    secretReceived: () => server.requests.some((r) => r.headers.authorization === SECRET),
    close: () => server.close(),
  };
});
