/**
 * QA19: the `openai` agent adapter against imitations of real OpenAI-compatible servers —
 * reasoning models (`<think>` blocks, `reasoning_content`), refusals and filtered answers,
 * choices out of order, SSE replies without `stream: true`, gateways answering errors with 200,
 * 404s for an unknown model or a wrong base URL, a url that already names the endpoint, and
 * 429s that say when to come back in `x-ratelimit-reset-*` instead of Retry-After.
 * Real loopback servers (tests/fixtures/qa19-openai-compat-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenaiAgentConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import {
  type Behaviour,
  type CompatServer,
  completion,
  startCompatServer,
} from '../fixtures/qa19-openai-compat-server.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function invokeAgainst(
  behaviour: Behaviour,
  options: { path?: string; retries?: number; model?: string } = {},
): Promise<{ outcome: InvokeOutcome; server: CompatServer; document: Record<string, unknown> }> {
  const server = await startCompatServer(behaviour);
  const config: OpenaiAgentConfig = {
    protocol: 'openai',
    url: `${server.url}${options.path ?? '/v1'}`,
    model: options.model ?? 'm',
  };
  const adapter = createOpenaiAdapter(config, {
    transport: new HttpTransport({ retries: options.retries ?? 0 }),
  });
  cleanups.push(
    () => adapter.close(),
    () => server.close(),
  );
  const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(10_000)));
  const document = outcome.ok ? (outcome.trajectory.response as Record<string, unknown>) : {};
  return { outcome, server, document };
}

describe('openai agent: reasoning models', () => {
  it('cuts a leading <think> block off content and keeps it as reasoning', async () => {
    const raw = '<think>\nThe user asks about ML. {"draft": true}\n</think>\n\nCS229';
    const { outcome, document } = await invokeAgainst(() => completion(raw));
    expect(outcome.ok).toBe(true);
    expect(document.content).toBe('CS229');
    expect(document.reasoning).toBe('The user asks about ML. {"draft": true}');
    // the server's message is kept as sent
    expect((document.choices as Array<{ message: { content: string } }>)[0]?.message.content).toBe(raw);
    if (outcome.ok) expect(outcome.trajectory.messages.at(-1)?.content).toBe('CS229');
  });

  it('reads the answer after </think> when the chat template opened the block (DeepSeek-R1)', async () => {
    const { document } = await invokeAgainst(() => completion('Let me recall.\n</think>\n\nCS229'));
    expect(document.content).toBe('CS229');
    expect(document.reasoning).toBe('Let me recall.');
  });

  it('leaves no answer when the <think> block was cut at the token limit, and records the finish reason', async () => {
    const { outcome, document } = await invokeAgainst(() =>
      completion('<think>\nStill thinking', {}, { finish_reason: 'length' }),
    );
    expect(document.content).toBeNull();
    expect(document.reasoning).toBe('Still thinking');
    expect(document.finish_reason).toBe('length');
    if (outcome.ok)
      expect(outcome.trajectory.events).toEqual([
        { turn: 0, type: 'finish_reason', data: { finish_reason: 'length' } },
      ]);
  });

  it('exposes reasoning_content as reasoning and keeps content as sent', async () => {
    const { document } = await invokeAgainst(() => completion('CS229', { reasoning_content: 'thoughts' }));
    expect(document).toMatchObject({ content: 'CS229', reasoning: 'thoughts', finish_reason: 'stop' });
  });

  it('does not take a </think> quoted mid-sentence for the end of reasoning', async () => {
    const { document } = await invokeAgainst(() => completion('Close the block with </think>. Then answer.'));
    expect(document.content).toBe('Close the block with </think>. Then answer.');
    expect(document.reasoning).toBeUndefined();
  });

  it('does not touch a <think> tag later in the answer', async () => {
    const { document } = await invokeAgainst(() => completion('Use <think> tags like <think>x</think>.'));
    expect(document.content).toBe('Use <think> tags like <think>x</think>.');
    expect(document.reasoning).toBeUndefined();
  });
});

describe('openai agent: refusals, filters and choices', () => {
  it('puts a structured-outputs refusal beside a null content', async () => {
    const { outcome, document } = await invokeAgainst(() =>
      completion(null, { refusal: "I'm sorry, I can't help with that." }),
    );
    expect(outcome.ok).toBe(true);
    expect(document).toMatchObject({ content: null, refusal: "I'm sorry, I can't help with that." });
  });

  it('records a content_filter finish as an event of a successful invoke', async () => {
    const { outcome, document } = await invokeAgainst(() =>
      completion(null, {}, { finish_reason: 'content_filter' }),
    );
    expect(document.finish_reason).toBe('content_filter');
    if (outcome.ok) expect(outcome.trajectory.events[0]?.data).toEqual({ finish_reason: 'content_filter' });
  });

  it('reads the choice with index 0 even when a server lists it second', async () => {
    const { document } = await invokeAgainst(() => ({
      json: {
        choices: [
          { index: 1, message: { role: 'assistant', content: 'second' }, finish_reason: 'stop' },
          { index: 0, message: { role: 'assistant', content: 'first' }, finish_reason: 'stop' },
        ],
      },
    }));
    expect(document.content).toBe('first');
  });
});

describe('openai agent: replies streamed without stream: true', () => {
  it('merges SSE chunks into one completion: content, tool calls and usage', async () => {
    const chunk = (delta: unknown, extra: Record<string, unknown> = {}) => ({
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'served',
      choices: [{ index: 0, delta, finish_reason: null, ...extra }],
    });
    const { outcome, document } = await invokeAgainst(() => ({
      sse: [
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'CS' }),
        chunk({ content: '229' }),
        chunk({
          tool_calls: [
            { index: 0, id: 'call_1', type: 'function', function: { name: 'get', arguments: '{"co' } },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'de":"CS229"}' } }] }),
        chunk({}, { finish_reason: 'tool_calls' }),
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [],
          usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
        },
      ],
    }));
    expect(outcome.ok).toBe(true);
    expect(document).toMatchObject({ content: 'CS229', finish_reason: 'tool_calls', model: 'served' });
    if (outcome.ok) {
      expect(outcome.trajectory.toolCalls).toEqual([{ turn: 0, name: 'get', arguments: { code: 'CS229' } }]);
      expect(outcome.trajectory.usage).toEqual({ inputTokens: 3, outputTokens: 4, totalTokens: 7 });
    }
  });

  it('still reports a reply that is neither JSON nor a completion stream as invalid_json', async () => {
    const { outcome } = await invokeAgainst(() => ({ sse: [{ partial: true }] }));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  });
});

describe('openai agent: errors as servers send them', () => {
  it('reads a gateway error answered with 200 and a status code as that status, not final', async () => {
    const { outcome } = await invokeAgainst(() => ({
      json: { error: { message: 'Provider returned error', code: 502 } },
    }));
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        kind: 'http_502',
        retryable: true,
        message: expect.stringContaining('Provider returned error'),
      },
    });
  });

  it('keeps a 200 error without a status code a contract_violation', async () => {
    const { outcome } = await invokeAgainst(() => ({ json: { error: { message: 'weird' } } }));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation', retryable: false } });
  });

  it('names the model a 404 model_not_found is about, and does not make it final', async () => {
    const model = 'meta-llama/Llama-3.1-8B-Instruct';
    const { outcome, server } = await invokeAgainst(
      (request) => ({
        status: 404,
        json: {
          error: {
            message: `The model \`${String(request.body.model)}\` does not exist.`,
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        },
      }),
      { model },
    );
    expect(server.requests[0]?.body.model).toBe(model);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_404', retryable: true } });
    if (!outcome.ok) expect(outcome.error.message).toContain(`does not serve model "${model}"`);
  });

  it('asks whether url is the API base on a plain 404', async () => {
    const { outcome } = await invokeAgainst(() => ({ status: 404, json: { detail: 'Not Found' } }), {
      path: '',
    });
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_404' } });
    if (!outcome.ok) expect(outcome.error.message).toContain('is `url` the API base');
  });
});

describe('openai agent: where the request goes', () => {
  it('uses a url that already ends in /chat/completions as the endpoint', async () => {
    const { outcome, server } = await invokeAgainst(() => completion('ok'), { path: '/v1/chat/completions' });
    expect(outcome.ok).toBe(true);
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/chat/completions']);
  });

  it("keeps an Azure deployment's api-version query after the appended path", async () => {
    const { server } = await invokeAgainst(() => completion('ok'), {
      path: '/openai/deployments/gpt4o?api-version=2024-10-21',
    });
    expect(server.requests[0]?.url).toBe('/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21');
  });

  it('waits what x-ratelimit-reset-requests asks on a 429 without Retry-After', async () => {
    const { outcome, server } = await invokeAgainst(
      (_request, n) =>
        n === 1
          ? {
              status: 429,
              json: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
              headers: { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '400ms' },
            }
          : completion('ok'),
      { retries: 1 },
    );
    expect(outcome.ok).toBe(true);
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(380);
  });
});
