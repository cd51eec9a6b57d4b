/**
 * QA215: a 429 an OpenAI-compatible server names inside a 200 (`{"error": {"code": 429}}`) whose
 * `Retry-After` asks longer than evalc waits (120 s) is not retried, as that status's reply is
 * (238b5a3) — but its recorded message read only the server's words, `the server answered 200 with
 * an error (code 429): quota`, as if evalc had asked and failed; a real 429 says the wait it refused.
 * Now both say `(it asks to retry after 3600 s, longer than evalc waits: 120 s)`, for the openai
 * agent and the openai judge. Real loopback servers.
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

const NOTE = '(it asks to retry after 3600 s, longer than evalc waits: 120 s)';

/** Answers every request with `status` and a 429 error body, asking `retryAfter`; counts them. */
async function limitedServer(status: number, retryAfter: string): Promise<Loopback & { hits: () => number }> {
  let hits = 0;
  const server = await startLoopback((_req, res) => {
    hits++;
    sendJson(
      res,
      status,
      { error: { message: 'quota exhausted', code: 429 } },
      { 'retry-after': retryAfter },
    );
  });
  cleanups.push(() => server.close());
  return Object.assign(server, { hits: () => hits });
}

async function invokeAgent(server: Loopback) {
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'gpt-4o' },
    { transport: new HttpTransport({ retries: 2, random: () => 0 }) },
  );
  cleanups.push(() => adapter.close());
  const input = { messages: [{ role: 'user', content: 'intro ML' }] };
  return adapter.invoke(input, testContext(AbortSignal.timeout(10_000)));
}

describe('a 429 inside a 200 asking a wait past the cap says so, as a real 429 does', () => {
  it('openai agent: http_429 asked once, its message naming the wait evalc refused', async () => {
    const server = await limitedServer(200, '3600');
    const outcome = await invokeAgent(server);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_429', retryable: true } });
    if (!outcome.ok) {
      expect(outcome.error.message).toContain(
        'the server answered 200 with an error (code 429): quota exhausted',
      );
      expect(outcome.error.message).toContain(NOTE);
    }
    expect(server.hits()).toBe(1);
  });

  it('a real 429 asking the same reads the same note (the shared wording)', async () => {
    const server = await limitedServer(429, '3600');
    const outcome = await invokeAgent(server);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_429' } });
    if (!outcome.ok) expect(outcome.error.message).toContain(NOTE);
    expect(server.hits()).toBe(1);
  });

  it('one within the cap is waited and retried; exhausted, its message has no note', async () => {
    const server = await limitedServer(200, '0');
    const outcome = await invokeAgent(server);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_429' } });
    if (!outcome.ok) expect(outcome.error.message).not.toContain('longer than evalc waits');
    expect(server.hits()).toBe(3);
  });

  it('openai judge: http_429 asked once, its message naming the wait', async () => {
    const server = await limitedServer(200, '3600');
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', limits: { retries: 2 } },
      { cwd: '.', rubrics: { r: { dimensions: [{ id: 'good', description: 'good', weight: 1 }] } } },
    );
    cleanups.push(() => judge.close());
    const judged = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(judged).toMatchObject({ ok: false, error: { kind: 'http_429' } });
    if (!judged.ok) expect(judged.error.message).toContain(NOTE);
    expect(server.hits()).toBe(1);
  });
});
