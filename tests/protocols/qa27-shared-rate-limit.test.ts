/**
 * QA27: one rps bucket for the scheduler and the transport. The scheduler's part is simulated as
 * apply does it: take the invocation's token (`admit`) before its clock starts, send, `settle`.
 * Arrival times are the server's (the agent's view); rps 4, so requests must be ≥ 250 ms apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../src/protocols/http/rate-limiter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { gapsOf, startThrottleServer, type ThrottleServer } from '../fixtures/qa27-throttle-server.js';

const INTERVAL = 250;
const opened: ThrottleServer[] = [];
const transports: HttpTransport[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function throttled(refusals: number): Promise<ThrottleServer> {
  const server = await startThrottleServer(503, [['retry-after', '0']], refusals);
  opened.push(server);
  return server;
}

function sharing(limiter: RateLimiter): HttpTransport {
  // random 0: no backoff, so a retry asks for its token at once (the case that used to burst)
  const t = new HttpTransport({ limiter, random: () => 0, retries: 3 });
  transports.push(t);
  return t;
}

/** `n` invocations at once, as apply's worker pool starts them; each one's measured duration. */
async function invoke(limiter: RateLimiter, transport: HttpTransport, url: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const admission = await limiter.admit(undefined);
      if (admission === undefined) throw new Error('not admitted');
      const started = performance.now();
      try {
        const reply = await transport.requestJson({ method: 'GET', url });
        return { ok: reply.ok, attempts: reply.attempts, durationMs: performance.now() - started };
      } finally {
        limiter.settle(admission);
      }
    }),
  );
}

describe('one rps bucket shared by the scheduler and the transport (QA27)', () => {
  // Timing at the agent: a stall of the whole machine (CI under others' load: a 700 ms pause
  // failed both once) shifts every send; a real second bucket fails all three tries.
  it('keeps every request, retries included, at least 1/rps apart at the agent', { retry: 2 }, async () => {
    const server = await throttled(2);
    const limiter = new RateLimiter(1000 / INTERVAL);
    const results = await invoke(limiter, sharing(limiter), `${server.url}/invoke`, 4);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.arrivals).toHaveLength(6); // 4 invocations + 2 retries
    // two buckets in series (apply's + the transport's with burst 2) let a retry out within ~15 ms;
    // one bucket keeps 250 ms, less only what a late send makes up (GCRA), never half of it
    expect(Math.min(...gapsOf(server.arrivals))).toBeGreaterThanOrEqual(INTERVAL / 2);
  });

  it("does not make invocations wait for tokens inside their duration after others' retries", {
    retry: 2,
  }, async () => {
    const server = await throttled(2);
    const limiter = new RateLimiter(1000 / INTERVAL);
    const results = await invoke(limiter, sharing(limiter), `${server.url}/invoke`, 5);
    const firstTime = results.filter((r) => r.attempts === 1);
    expect(firstTime.length).toBeGreaterThanOrEqual(3);
    // two buckets in series: each of these waited a whole interval (250 ms) inside its clock
    for (const r of firstTime) expect(r.durationMs).toBeLessThan(INTERVAL * 0.6);
  });

  it('serves a retry before invocations still waiting for admission', async () => {
    const server = await throttled(1);
    const limiter = new RateLimiter(1000 / INTERVAL);
    const results = await invoke(limiter, sharing(limiter), `${server.url}/invoke`, 5);
    const retried = results.find((r) => r.attempts === 2);
    // its retry takes the next token (~250 ms), not the one after the 4 queued admissions (~1 s)
    expect(retried?.durationMs).toBeLessThan(INTERVAL * 2.5);
  });

  it('gives the token of a caller that stopped waiting to the next one', async () => {
    const limiter = new RateLimiter(1000 / INTERVAL);
    expect(await limiter.acquire(undefined)).toBe(true);
    const gone = new AbortController();
    const abandoned = limiter.acquire(gone.signal);
    const started = performance.now();
    const next = limiter.acquire(undefined);
    gone.abort();
    expect(await abandoned).toBe(false);
    expect(await next).toBe(true);
    // the next token (250 ms), not the one after the abandoned caller's (500 ms)
    expect(performance.now() - started).toBeLessThan(INTERVAL * 1.6);
  });

  it('withdraws an admission its invocation never used, so a later request pays its own token', async () => {
    const server = await throttled(0);
    const limiter = new RateLimiter(1000 / INTERVAL);
    const unused = await limiter.admit(undefined);
    if (unused === undefined) throw new Error('not admitted');
    limiter.settle(unused); // e.g. the invocation failed before sending anything
    const started = performance.now();
    const reply = await sharing(limiter).requestJson({ method: 'GET', url: `${server.url}/info` });
    expect(reply.ok).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(INTERVAL - 30);
  });

  it('keeps its spacing when the wall clock is stepped back (it runs on a monotonic clock)', async () => {
    let wall = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => wall);
    const limiter = new RateLimiter(1000 / INTERVAL);
    expect(await limiter.acquire(undefined)).toBe(true);
    wall -= 3_600_000; // NTP steps the clock back an hour
    const started = performance.now();
    const second = limiter.acquire(undefined);
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), INTERVAL * 4));
    expect(await Promise.race([second.then(() => 'sent'), late])).toBe('sent');
    expect(performance.now() - started).toBeLessThan(INTERVAL * 4);
  });
});
