/**
 * QA150: OpenAI sends a streamed completion's `usage` only when the request asks for it with
 * `stream_options: {include_usage: true}`; evalc sent `stream: true` alone, so every streamed
 * reply had no usage and its tokens and cost were "—". A request that streams without
 * `stream_options` of its own is now sent `{include_usage: true}`; an input's own
 * `stream_options` is sent as given; a server that refuses the field (400 naming it) is asked
 * once more without it, and that agent's later requests go without it. The plan key of such a
 * group changes (the request changed) and `plan` says why. Real loopback server, OpenAI's
 * streaming behaviour (usage chunk only when asked).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTemplate } from '../../src/binding/template.js';
import { streamsWithoutOptions } from '../../src/compiler/compile.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { testContext } from './conformance.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Streams "Paris"; a usage chunk only with include_usage; `strict` refuses stream_options. */
async function openaiLike(
  strict: false | 400 | 422,
): Promise<{ url: string; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      if (strict && body.stream_options !== undefined) {
        res.writeHead(strict, { 'content-type': 'application/json' });
        // OpenAI's own wording, or FastAPI's with extra='forbid' (a strict gateway).
        const refusal =
          strict === 400
            ? {
                error: {
                  message: 'Unrecognized request argument supplied: stream_options',
                  type: 'invalid_request_error',
                },
              }
            : {
                detail: [
                  {
                    type: 'extra_forbidden',
                    loc: ['body', 'stream_options'],
                    msg: 'Extra inputs are not permitted',
                  },
                ],
              };
        res.end(JSON.stringify(refusal));
        return;
      }
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      const chunk = (choices: unknown[], usage?: unknown) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', model: 'm', choices, ...(usage ? { usage } : {}) })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: 'Paris' }, finish_reason: 'stop' }]));
      if (options?.include_usage === true)
        res.write(chunk([], { prompt_tokens: 11, completion_tokens: 1, total_tokens: 12 }));
      res.end('data: [DONE]\n\n');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies };
}

async function invokeAll(url: string, inputs: unknown[]) {
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const outcomes = [];
    for (const input of inputs)
      outcomes.push(await adapter.invoke(input, testContext(AbortSignal.timeout(10_000))));
    return outcomes;
  } finally {
    await adapter.close();
  }
}

const ask = (extra: Record<string, unknown>) => ({
  messages: [{ role: 'user', content: 'capital?' }],
  ...extra,
});

describe('openai agent: a streamed reply reports its usage', () => {
  it('asks for it with stream_options.include_usage and counts the tokens', async () => {
    const { url, bodies } = await openaiLike(false);
    const [outcome] = await invokeAll(url, [ask({ stream: true })]);
    expect(bodies[0]?.stream_options).toEqual({ include_usage: true });
    expect(outcome?.ok).toBe(true);
    if (outcome?.ok)
      expect(outcome.trajectory.usage).toEqual({ inputTokens: 11, outputTokens: 1, totalTokens: 12 });
  });

  it("sends an input's own stream_options as given, and none without stream", async () => {
    const { url, bodies } = await openaiLike(false);
    await invokeAll(url, [
      ask({ stream: true, stream_options: { include_usage: false } }),
      ask({}),
      ask({ stream: false }),
    ]);
    expect(bodies.map((b) => b.stream_options)).toEqual([{ include_usage: false }, undefined, undefined]);
  });

  it('asks once more without it when the server refuses the field, and not again', async () => {
    for (const status of [400, 422] as const) {
      const { url, bodies } = await openaiLike(status);
      const outcomes = await invokeAll(url, [ask({ stream: true }), ask({ stream: true })]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      expect(bodies.map((b) => b.stream_options)).toEqual([{ include_usage: true }, undefined, undefined]);
    }
  });

  it('is in the key of a group whose template streams without stream_options', () => {
    const template = (value: unknown) => compileTemplate(value, []);
    expect(streamsWithoutOptions(template({ messages: [], stream: true }))).toBe(true);
    expect(streamsWithoutOptions(template({ messages: [], stream: '{{s}}' }))).toBe(true);
    expect(streamsWithoutOptions(template({ messages: [], stream: false }))).toBe(false);
    expect(streamsWithoutOptions(template({ messages: [], stream: true, stream_options: {} }))).toBe(false);
    expect(streamsWithoutOptions(template({ messages: [] }))).toBe(false);
  });
});
