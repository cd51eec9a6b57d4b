/**
 * QA210: OpenRouter's documented mid-stream error (its streaming docs, "Handling Errors During
 * Streaming") carries the error beside a choice that finished with `finish_reason: "error"`, and
 * names its kind in `code`, not `type`: `data: {"error": {"code": "server_error", "message":
 * "Provider disconnected unexpectedly"}, "choices": [{"index": 0, "delta": {"content": ""},
 * "finish_reason": "error"}]}`. The stream was merged as an answer (the text before the error,
 * cached like a complete one); it is the server's transient http_500, as cd94766 made the error
 * event sent alone (QA204).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isDefinitiveFailure } from '../../src/executor/step-records.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import type { StepError } from '../../src/protocols/types.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const chunk = (
  delta: Record<string, unknown>,
  finish: string | null,
  extra: Record<string, unknown> = {},
) => ({
  id: 'gen-1',
  object: 'chat.completion.chunk',
  created: 1700000000,
  model: 'openai/gpt-4o',
  provider: 'OpenAI',
  ...extra,
  choices: [{ index: 0, delta, finish_reason: finish }],
});

async function streamed(events: unknown[]): Promise<{ error?: StepError; content?: unknown }> {
  const server = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  cleanups.push(() => server.close());
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/api/v1`, model: 'openai/gpt-4o' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  const input = { messages: [{ role: 'user', content: 'intro ML' }], stream: true };
  const outcome = await adapter.invoke(input, testContext(AbortSignal.timeout(5_000)));
  return outcome.ok
    ? { content: (outcome.trajectory.response as { content?: unknown }).content }
    : { error: outcome.error };
}

describe("openai: OpenRouter's mid-stream error beside a choice finished with 'error'", () => {
  it('is a transient http_500, not an answer', async () => {
    const got = await streamed([
      chunk({ role: 'assistant', content: 'CS2' }, null),
      chunk({ content: '' }, 'error', {
        error: { code: 'server_error', message: 'Provider disconnected unexpectedly' },
      }),
    ]);
    expect(got.content).toBeUndefined();
    expect(got.error).toMatchObject({ kind: 'http_500', retryable: true });
    expect(got.error?.message).toContain('Provider disconnected unexpectedly');
    expect(isDefinitiveFailure(got.error!)).toBe(false);
  });

  it('with a numeric code, is that status', async () => {
    const got = await streamed([
      chunk({ role: 'assistant', content: 'CS2' }, null),
      chunk({ content: '' }, 'error', { error: { code: 502, message: 'Upstream error' } }),
    ]);
    expect(got.error).toMatchObject({ kind: 'http_502', retryable: true });
  });

  it('an error sent alone with code server_error (no type) is http_500 too', async () => {
    const got = await streamed([
      chunk({ role: 'assistant', content: 'CS2' }, null),
      { error: { code: 'server_error', message: 'Provider disconnected unexpectedly' } },
    ]);
    expect(got.error).toMatchObject({ kind: 'http_500', retryable: true });
  });

  it('answered as one JSON body (no stream), is that error too', async () => {
    const server = await startLoopback((_req, res) =>
      sendJson(res, 200, {
        ...chunk({}, 'error', {
          error: { code: 'server_error', message: 'Provider disconnected unexpectedly' },
        }),
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: 'CS2' }, finish_reason: 'error' }],
      }),
    );
    cleanups.push(() => server.close());
    const adapter = createHttpAgentAdapter(
      { protocol: 'openai', url: `${server.url}/api/v1`, model: 'openai/gpt-4o' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(() => adapter.close());
    const outcome = await adapter.invoke('intro ML', testContext(AbortSignal.timeout(5_000)));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_500', retryable: true } });
  });

  it('a stream that finished normally with an `error: null` member is an answer', async () => {
    const got = await streamed([
      chunk({ role: 'assistant', content: 'CS2' }, null, { error: null }),
      chunk({ content: '29' }, 'stop', { error: null }),
    ]);
    expect(got.error).toBeUndefined();
    expect(got.content).toBe('CS229');
  });
});
