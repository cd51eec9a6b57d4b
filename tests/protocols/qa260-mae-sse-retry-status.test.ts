/**
 * QA260: a mae `sse` agent answering 429 or 503 was never sent again, even with `limits.retries`,
 * where `http`, `openai` and RAIP agents are: such a status arrives before any stream exists, so the
 * agent acted on nothing. It is now retried as over `http` (the wait its `Retry-After` or
 * `retry-after-ms` asks as a floor, none past the 120 s cap, counted in `+N retries`); a stream
 * already begun is still never sent again (qa163-mae-turn-retries.test.ts). Real loopback server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let sse: Loopback;
let requests = 0;
/** The status and headers of the first reply; later ones stream an answer. */
let first: { status: number; headers: Record<string, string> } = { status: 503, headers: {} };

beforeAll(async () => {
  sse = await startLoopback((_req, res) => {
    requests += 1;
    if (requests === 1) {
      res.writeHead(first.status, { 'content-type': 'application/json', ...first.headers });
      res.end('{"error": "busy"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('data: {"action": "final_answer", "summary": "answered"}\n\ndata: [DONE]\n\n');
  });
});
beforeEach(() => {
  requests = 0;
});
afterAll(async () => {
  await sse.close();
});

async function run(limits: MaeAgentConfig['limits'], stop?: AbortSignal) {
  const counter = { sent: 0, ...(stop ? { stop } : {}) };
  const logs: string[] = [];
  const adapter = makeMaeAdapter(
    { profile: 'seed', transport: 'sse', url: `${sse.url}/stream`, ...(limits ? { limits } : {}) },
    { timeoutMs: 5_000, retryCounter: counter },
  );
  const started = performance.now();
  try {
    const outcome = await adapter.invoke('t1', maeContext({ logs }));
    return { outcome, counter, logs, ms: performance.now() - started };
  } finally {
    await adapter.close();
  }
}

describe('mae sse: a 429/503 status is retried as over http (QA260)', () => {
  it('503 + Retry-After: 1 once, then a stream: answered after the second request, 1 s later', async () => {
    first = { status: 503, headers: { 'retry-after': '1' } };
    const { outcome, counter, logs, ms } = await run({ retries: 2 });
    expect(finalAnswer(outcome)).toBe('answered');
    expect(requests).toBe(2);
    expect(counter.sent).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(logs.some((line) => line.includes('http_503') && line.includes('retry 1 of 2'))).toBe(true);
  });

  it('429 + retry-after-ms once, then a stream: answered', async () => {
    first = { status: 429, headers: { 'retry-after-ms': '300' } };
    const { outcome, counter, ms } = await run({ retries: 1 });
    expect(finalAnswer(outcome)).toBe('answered');
    expect(requests).toBe(2);
    expect(counter.sent).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(280);
  });

  it('without limits.retries the 503 ends the conversation, as before (AgentV parity)', async () => {
    first = { status: 503, headers: { 'retry-after': '1' } };
    const { outcome, counter } = await run(undefined);
    expect(outcome.ok ? outcome : outcome.error.kind).toBe('http_503');
    expect(requests).toBe(1);
    expect(counter.sent).toBe(0);
  });

  it('a wait past the 120 s cap is not waited for: the message says what the agent asked', async () => {
    first = { status: 429, headers: { 'retry-after': '3600' } };
    const { outcome, counter } = await run({ retries: 2 });
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({
      kind: 'http_429',
      message: expect.stringContaining('(it asks to retry after 3600 s, longer than evalc waits: 120 s)'),
    });
    expect(requests).toBe(1);
    expect(counter.sent).toBe(0);
  });

  it('a 500 is not sent again (the agent may have begun acting before it failed)', async () => {
    first = { status: 500, headers: {} };
    const { outcome } = await run({ retries: 2 });
    expect(outcome.ok ? outcome : outcome.error.kind).toBe('http_500');
    expect(requests).toBe(1);
  });

  it('after the first Ctrl-C no retry is sent nor waited for', async () => {
    first = { status: 503, headers: { 'retry-after': '1' } };
    const { outcome, counter, ms } = await run({ retries: 2 }, AbortSignal.abort());
    expect(outcome.ok ? outcome : outcome.error.kind).toBe('http_503');
    expect(requests).toBe(1);
    expect(counter.sent).toBe(0);
    expect(ms).toBeLessThan(900);
  });
});
