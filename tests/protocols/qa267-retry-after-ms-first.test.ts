/**
 * QA267: a 429/503 carrying both `Retry-After` and `retry-after-ms` waited what `Retry-After`
 * said; the OpenAI SDKs read `retry-after-ms` first, and so does evalc now, on every protocol
 * (`http`/`openai`/RAIP through the HTTP transport, a mae `sse` agent through its own). A
 * `retry-after-ms` that is not a number is passed over: `Retry-After` applies. Real loopback servers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { gapsOf, startThrottleServer, type ThrottleServer } from '../fixtures/qa27-throttle-server.js';

const opened: ThrottleServer[] = [];
const transports: HttpTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** Jitter at the bottom of its range: the gap is what the server asked for. */
async function gapAfter(status: number, headerLines: [string, string][]): Promise<number> {
  const server = await startThrottleServer(status, headerLines);
  opened.push(server);
  const transport = new HttpTransport({ random: () => 0, retries: 1, timeoutMs: 5000 });
  transports.push(transport);
  const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/r` });
  expect(reply).toMatchObject({ ok: true, attempts: 2 });
  return gapsOf(server.arrivals)[0] ?? 0;
}

describe('over HTTP: retry-after-ms before Retry-After', () => {
  it('a 429 and a 503 with Retry-After: 3 and retry-after-ms: 200 wait 200 ms', async () => {
    for (const status of [429, 503]) {
      const gap = await gapAfter(status, [
        ['retry-after', '3'],
        ['retry-after-ms', '200'],
      ]);
      expect({ status, gap: gap >= 150 && gap < 1500 }).toEqual({ status, gap: true });
    }
  });

  it('a 503 with Retry-After: 0 and retry-after-ms: 1200 waits 1200 ms', async () => {
    const gap = await gapAfter(503, [
      ['retry-after', '0'],
      ['retry-after-ms', '1200'],
    ]);
    expect(gap).toBeGreaterThanOrEqual(1100);
  });

  it('a retry-after-ms that is not a number is passed over: Retry-After: 1 waits 1 s', async () => {
    const gap = await gapAfter(429, [
      ['retry-after', '1'],
      ['retry-after-ms', 'soon'],
    ]);
    expect(gap).toBeGreaterThanOrEqual(950);
  });
});

describe('mae sse: retry-after-ms before Retry-After', () => {
  let sse: Loopback;
  let requests = 0;
  beforeAll(async () => {
    sse = await startLoopback((_req, res) => {
      requests += 1;
      if (requests === 1) {
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': '3',
          'retry-after-ms': '200',
        });
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

  it('a 429 with Retry-After: 3 and retry-after-ms: 200 is answered well before 3 s', async () => {
    const adapter = makeMaeAdapter(
      { profile: 'seed', transport: 'sse', url: `${sse.url}/stream`, limits: { retries: 2 } },
      { timeoutMs: 5_000, retryCounter: { sent: 0 } },
    );
    const started = performance.now();
    try {
      const outcome = await adapter.invoke('t1', maeContext({ logs: [] }));
      expect(finalAnswer(outcome)).toBe('answered');
    } finally {
      await adapter.close();
    }
    expect(requests).toBe(2);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
