import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { startThrottleServer } from '../fixtures/qa27-throttle-server.js';

const opened: Loopback[] = [];
const transports: HttpTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

function transport(random: () => number): HttpTransport {
  const t = new HttpTransport({ random, retries: 3, timeoutMs: 10_000 });
  transports.push(t);
  return t;
}

describe('a request deadline (QA27: a chat budget outlasted by a Retry-After wait)', () => {
  it('does not wait out a Retry-After that ends past the deadline', async () => {
    const server = await startThrottleServer(429, [['retry-after', '10']], 5);
    opened.push(server);
    const started = performance.now();
    const reply = await transport(() => 0).requestJson({
      method: 'POST',
      url: `${server.url}/agent/respond`,
      body: {},
      deadlineAt: started + 1500,
    });
    expect(performance.now() - started).toBeLessThan(1200);
    expect(server.arrivals).toHaveLength(1);
    expect(reply).toMatchObject({ ok: false, attempts: 1, error: { kind: 'http_429' } });
    expect(reply.ok ? '' : reply.error.message).toMatch(
      /not retried: the wait, 10000 ms, outlasts the \d+ ms left/,
    );
  });

  it("cuts each attempt's timeout to what is left before the deadline", async () => {
    let arrivals = 0;
    const silent = await startLoopback(() => {
      arrivals++; // never answers
    });
    opened.push(silent);
    const started = performance.now();
    const reply = await transport(() => 0).requestJson({
      method: 'GET',
      url: `${silent.url}/slow`,
      deadlineAt: started + 600,
    });
    const elapsed = performance.now() - started;
    expect(reply).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    // the transport's own timeout is 10 s: without the deadline this took 4 × 10 s
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(3000);
    expect(arrivals).toBeLessThanOrEqual(2);
  });

  it('still retries when the wait ends before the deadline', async () => {
    const server = await startThrottleServer(503, [['retry-after', '0']], 1);
    opened.push(server);
    const reply = await transport(() => 0).requestJson({
      method: 'GET',
      url: `${server.url}/r`,
      deadlineAt: performance.now() + 5000,
    });
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
  });
});
