/**
 * QA144: streamed tool calls were merged by their delta `index` alone, a missing index read as
 * the call's position in its chunk (0). Ollama's OpenAI API before its fix (ollama#7881) and
 * Gemini's send each call whole with no `index`, and LiteLLM's `ollama_chat` sends `index: 0` for
 * every call (litellm#33678): two parallel calls were merged into one — the second's name, the
 * arguments `{"x":1}{"y":2}` — and `tool_call_match` scored 0 an agent that made both calls. A
 * delta that announces another call (a name, a new id or no index, once the current call's
 * arguments are complete JSON) now starts a call of its own; a stream with indexes is merged as
 * before. Real loopback server writing the raw stream, through the openai agent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

type Call = Record<string, unknown>;
const chunk = (calls: Call[] | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta: calls ? { tool_calls: calls } : {}, finish_reason: finish }],
  })}\n\n`;
const whole = (id: string, name: string, args: string, extra: Call = {}) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
  ...extra,
});

async function toolCallsOf(body: string): Promise<{ name: unknown; arguments: unknown; id?: unknown }[]> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `http://127.0.0.1:${port}/v1`, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const outcome = await adapter.invoke(
      { messages: [{ role: 'user', content: 'weather in Paris and Rome?' }], stream: true },
      {
        runId: 'r',
        taskId: 't',
        datasetId: 'd',
        example: { id: 'e' },
        repeat: 0,
        trace: false,
        signal: AbortSignal.timeout(10_000),
        log: () => {},
      },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return [];
    const response = outcome.trajectory.response as {
      choices: {
        message: { tool_calls?: { id?: string; function: { name: string; arguments: string } }[] };
      }[];
    };
    return (response.choices[0]?.message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
  } finally {
    await adapter.close();
  }
}

const PARIS = '{"city":"Paris"}';
const ROME = '{"city":"Rome"}';

describe('openai agent: streamed parallel tool calls', () => {
  it('keeps two whole calls sent without index (Ollama before #7881, Gemini) apart', async () => {
    const calls = await toolCallsOf(
      `${chunk([whole('call_1', 'get_weather', PARIS)])}${chunk([whole('call_2', 'get_weather', ROME)])}${chunk(null, 'tool_calls')}data: [DONE]\n\n`,
    );
    expect(calls).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: PARIS },
      { id: 'call_2', name: 'get_weather', arguments: ROME },
    ]);
  });

  it('keeps them apart when both come in one chunk without index or with an empty id', async () => {
    const calls = await toolCallsOf(
      `${chunk([whole('', 'get_weather', PARIS), whole('', 'get_time', ROME)])}${chunk(null, 'stop')}`,
    );
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_weather', PARIS],
      ['get_time', ROME],
    ]);
  });

  it("keeps LiteLLM ollama_chat's calls apart, each sent with index 0 and streamed in pieces", async () => {
    const piece = (args: string) => ({
      index: 0,
      id: null,
      type: null,
      function: { name: null, arguments: args },
    });
    const calls = await toolCallsOf(
      chunk([whole('call_a', 'get_weather', '', { index: 0 })]) +
        chunk([piece('{"city":')]) +
        chunk([piece('"Paris"}')]) +
        chunk([whole('call_b', 'get_weather', '', { index: 0 })]) +
        chunk([piece('{"city":')]) +
        chunk([piece('"Rome"}')]) +
        chunk(null, 'tool_calls'),
    );
    expect(calls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: PARIS },
      { id: 'call_b', name: 'get_weather', arguments: ROME },
    ]);
  });

  it('merges an indexed stream as before: interleaved pieces, a name repeated on every piece', async () => {
    const calls = await toolCallsOf(
      chunk([whole('call_1', 'get_weather', '', { index: 0 })]) +
        chunk([whole('call_2', 'get_time', '', { index: 1 })]) +
        chunk([{ index: 0, function: { name: 'get_weather', arguments: '{"city":' } }]) +
        chunk([{ index: 1, function: { arguments: '{"city":' } }]) +
        chunk([{ index: 0, id: 'call_1', function: { name: 'get_weather', arguments: '"Paris"}' } }]) +
        chunk([{ index: 1, function: { arguments: '"Rome"}' } }]) +
        chunk(null, 'tool_calls'),
    );
    expect(calls).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: PARIS },
      { id: 'call_2', name: 'get_time', arguments: ROME },
    ]);
  });

  it('appends pieces without index to the call in progress', async () => {
    const calls = await toolCallsOf(
      chunk([whole('call_1', 'get_weather', '')]) +
        chunk([{ function: { arguments: '{"city":' } }]) +
        chunk([{ function: { arguments: '"Paris"}' } }]) +
        chunk(null, 'tool_calls'),
    );
    expect(calls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: PARIS }]);
  });
});
