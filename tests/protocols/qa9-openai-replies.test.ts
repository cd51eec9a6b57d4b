/**
 * QA9: OpenAI-compatible servers and gateways that bend the chat-completions reply: content in
 * the "content parts" form (`[{type: "text", text}]`) and an error answered with status 200 and
 * `{"error": {"message": …}}`. Real loopback server; the agent adapter and the judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function serve(body: unknown): Promise<Loopback> {
  const server = await startLoopback((_req, res) => sendJson(res, 200, body));
  cleanups.push(() => server.close());
  return server;
}

const parts = (texts: string[]) => ({
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      message: { role: 'assistant', content: texts.map((text) => ({ type: 'text', text })) },
    },
  ],
});

async function invokeAgent(server: Loopback) {
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  return adapter.invoke('hi', testContext(AbortSignal.timeout(5_000)));
}

describe('openai-compatible replies from gateways', () => {
  it('the agent reads content given as text parts', async () => {
    const outcome = await invokeAgent(await serve(parts(['Hello, ', 'world'])));
    expect(outcome.ok).toBe(true);
    expect(outcome.trajectory?.response).toMatchObject({ content: 'Hello, world' });
  });

  it("the agent's contract_violation quotes an error answered with status 200", async () => {
    const outcome = await invokeAgent(
      await serve({ error: { message: 'The model `m` does not exist', type: 'invalid_request_error' } }),
    );
    expect(outcome.ok ? '' : outcome.error).toMatchObject({
      kind: 'contract_violation',
      message: 'chat completion has no choices[0].message: The model `m` does not exist',
    });
  });

  it('the judge reads a verdict given as text parts', async () => {
    const verdict = JSON.stringify({ dimensions: { relevance: 0.5 }, failureModes: [], rationale: 'ok' });
    const server = await serve(parts([verdict.slice(0, 10), verdict.slice(10)]));
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', rubric: 'r' },
      { cwd: '.', rubrics: { r: { dimensions: [{ id: 'relevance', description: 'd', weight: 1 }] } } },
    );
    cleanups.push(() => judge.close());
    const outcome = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(5_000));
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.5 } });
  });
});
