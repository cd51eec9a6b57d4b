/**
 * QA214: an OpenAI-compatible server's error sent inside a 200 — an error event mid-stream
 * (api.openai.com's `type: server_error`), OpenRouter's `finish_reason: "error"` beside its error,
 * a gateway's `{"error": {"code": 502}}` body — is a transient `http_<code>` (cd94766, 1aebde1,
 * dff673a), and a cut stream a retryable contract_violation (QA116), but the transport took every
 * 2xx as final: it was asked once, where a real 500 is asked 1 + `limits.retries` times with
 * backoff; only the next apply asked again. Now such a reply
 * is retried within the run by the transport's own loop (`failureIn2xx`): the backoff, the budget,
 * the `retries` count and no wait after the run's first Ctrl-C apply unchanged. Real loopback servers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { SERVER_ERROR } from '../fixtures/qa204-openai-stream-error.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

type Failure = 'stream' | 'openrouter' | 'body502' | 'cut';

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-4o',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

/** Fails inside a 200 `failures` times (in the `how` shape), then answers `answer`; notes when each request came. */
async function failingServer(
  how: Failure,
  failures: number,
  answer = 'CS229',
): Promise<Loopback & { times: number[] }> {
  const times: number[] = [];
  const server = await startLoopback((_req, res) => {
    times.push(performance.now());
    if (times.length > failures) return sendJson(res, 200, completion(answer));
    if (how === 'body502')
      return sendJson(res, 200, { error: { message: 'Upstream provider failed', code: 502 } });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: unknown, finish: string | null, extra = {}) => ({
      id: 'gen-1',
      object: 'chat.completion.chunk',
      model: 'gpt-4o',
      ...extra,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: 'CS' }, null))}\n\n`);
    if (how === 'cut') res.end();
    else if (how === 'stream') res.end(`data: ${JSON.stringify({ error: SERVER_ERROR })}\n\n`);
    else {
      const error = { code: 'server_error', message: 'Provider disconnected unexpectedly' };
      res.write(`data: ${JSON.stringify(chunk({ content: '' }, 'error', { error }))}\n\n`);
      res.end('data: [DONE]\n\n');
    }
  });
  cleanups.push(() => server.close());
  return Object.assign(server, { times });
}

async function invokeAgent(server: Loopback, transport: HttpTransport, signal = AbortSignal.timeout(10_000)) {
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'gpt-4o' },
    { transport },
  );
  cleanups.push(() => adapter.close());
  const input = { messages: [{ role: 'user', content: 'intro ML' }], stream: true };
  return adapter.invoke(input, testContext(signal));
}

describe('openai agent: an error inside a 200 is retried within the run, as a 500 is', () => {
  for (const how of ['stream', 'openrouter', 'body502', 'cut'] as const) {
    it(`${how}: failing twice then answering gives the answer, 3 requests, the backoff waited`, async () => {
      const server = await failingServer(how, 2);
      const transport = new HttpTransport({ retries: 3, random: () => 0.99 });
      const outcome = await invokeAgent(server, transport);
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect((outcome.trajectory.response as { content?: unknown }).content).toBe('CS229');
      expect(server.times).toHaveLength(3);
      expect(transport.retriesSent).toBe(2);
      // full jitter at 0.99 of 250 ms, then of 500 ms
      const [first = 0, second = 0, third = 0] = server.times;
      expect(second - first).toBeGreaterThanOrEqual(240);
      expect(third - second).toBeGreaterThanOrEqual(480);
    });
  }

  it("a 429 inside a 200 waits what the reply's Retry-After asks; one past the cap is not retried", async () => {
    const times: number[] = [];
    let retryAfter = '1';
    const server = await startLoopback((_req, res) => {
      times.push(performance.now());
      if (times.length > 1 && retryAfter === '1') return sendJson(res, 200, completion('CS229'));
      sendJson(
        res,
        200,
        { error: { message: 'Rate limited upstream', code: 429 } },
        { 'retry-after': retryAfter },
      );
    });
    cleanups.push(() => server.close());
    const outcome = await invokeAgent(server, new HttpTransport({ retries: 3, random: () => 0 }));
    expect(outcome.ok).toBe(true);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
    times.length = 0;
    retryAfter = '3600';
    const refused = await invokeAgent(server, new HttpTransport({ retries: 3, random: () => 0 }));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'http_429', retryable: true } });
    expect(times).toHaveLength(1);
  });

  it('more failures than retries: the recorded kind and message as before, 1 + retries requests', async () => {
    const server = await failingServer('stream', 10);
    const transport = new HttpTransport({ retries: 2, random: () => 0 });
    const outcome = await invokeAgent(server, transport);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_500', retryable: true } });
    if (!outcome.ok) expect(outcome.error.message).toContain(SERVER_ERROR.message);
    expect(server.times).toHaveLength(3);
    expect(transport.retriesSent).toBe(2);
  });

  it('an error of the request inside a 200 is not retried (a cached contract_violation, asked once)', async () => {
    let hits = 0;
    const counted = await startLoopback((_req, res) => {
      hits++;
      sendJson(res, 200, { error: { message: "Invalid 'messages'", type: 'invalid_request_error' } });
    });
    cleanups.push(() => counted.close());
    const transport = new HttpTransport({ retries: 3, random: () => 0 });
    const outcome = await invokeAgent(counted, transport);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation' } });
    expect(hits).toBe(1);
    expect(transport.retriesSent).toBe(0);
  });

  it("after the run's first Ctrl-C no retry waits: cancelled at once, not recorded as the server's answer", async () => {
    const server = await failingServer('body502', 10);
    const stop = new AbortController();
    // 0.99 of the backoff: the second wait alone is ~495 ms, the third ~990 ms
    const transport = new HttpTransport({ retries: 5, random: () => 0.99, stopRetries: stop.signal });
    setTimeout(() => stop.abort(), 350);
    const started = performance.now();
    const outcome = await invokeAgent(server, transport);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(performance.now() - started).toBeLessThan(700);
    expect(server.times).toHaveLength(2);
  });
});

const RUBRICS = { r: { dimensions: [{ id: 'good', description: 'good', weight: 1 }] } };

describe('openai judge: an error inside a 200 is retried as a 500 is', () => {
  it('answers with the verdict after one failure inside a 200: 2 requests', async () => {
    const verdict = JSON.stringify({ dimensions: { good: 0.8 }, failureModes: [], rationale: 'ok' });
    const server = await failingServer('openrouter', 1, verdict);
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', limits: { retries: 2 } },
      { cwd: '.', rubrics: RUBRICS },
    );
    cleanups.push(() => judge.close());
    const judged = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.8 } });
    expect(server.times).toHaveLength(2);
  });

  it('with more failures than retries: http_502 after 1 + retries requests', async () => {
    const server = await failingServer('body502', 10);
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', limits: { retries: 1 } },
      { cwd: '.', rubrics: RUBRICS },
    );
    cleanups.push(() => judge.close());
    const judged = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(judged).toMatchObject({ ok: false, error: { kind: 'http_502' } });
    expect(server.times).toHaveLength(2);
  });
});
