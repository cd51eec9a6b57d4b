/**
 * QA347: an openai agent whose server answers a chat completion with a legacy completions choice
 * (`{"choices": [{"text": …}]}`, what POST /v1/completions answers) or streams its usage chunk
 * alone (`data: {"choices": [], "usage": …}`) failed with only `chat completion has no
 * choices[0].message`, saying nothing of what came instead. Both are now named. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function invokeAgent(server: Loopback, input: unknown) {
  cleanups.push(() => server.close());
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  const outcome = await adapter.invoke(input, testContext(AbortSignal.timeout(5_000)));
  return outcome.ok ? undefined : outcome.error;
}

describe('openai agent: a reply without choices[0].message says what came instead', () => {
  it('a legacy completions choice with text', async () => {
    const server = await startLoopback((_req, res) =>
      sendJson(res, 200, {
        object: 'text_completion',
        choices: [{ index: 0, text: 'Hello', finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
    const error = await invokeAgent(server, 'hi');
    expect(error?.kind).toBe('contract_violation');
    expect(error?.message).toContain(
      "chat completion has no choices[0].message (its choices[0] has `text`, the legacy completions API's answer",
    );
  });

  it('a stream whose only chunk is the usage one', async () => {
    const server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":0,"total_tokens":3}}\n\ndata: [DONE]\n\n',
      );
    });
    const error = await invokeAgent(server, { messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect(error?.kind).toBe('contract_violation');
    expect(error?.message).toContain(
      'chat completion has no choices[0].message (its choices are empty and only usage came: the server generated no choice, a stream sending its usage chunk alone)',
    );
  });

  it('an error answered with 200 keeps its words and no shape hint', async () => {
    const server = await startLoopback((_req, res) =>
      sendJson(res, 200, { error: { message: 'The model `m` does not exist' } }),
    );
    const error = await invokeAgent(server, 'hi');
    expect(error?.message).toBe('chat completion has no choices[0].message: The model `m` does not exist');
  });
});
