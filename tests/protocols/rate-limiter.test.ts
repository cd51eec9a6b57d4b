/**
 * RateLimiter: a token bucket (GCRA) of capacity `burst` refilled at `rps`. Capacity 1 spaces
 * requests at least 1/rps apart; capacity 2 lets one request start at once besides, never more.
 * Real timers, intervals of 60 ms: start times are checked against the spacing they must keep.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/protocols/http/rate-limiter.js';

const INTERVAL = 60; // rps 16.67

async function startTimes(limiter: RateLimiter, n: number): Promise<number[]> {
  const t0 = performance.now();
  const times = await Promise.all(
    Array.from({ length: n }, async () => {
      await limiter.acquire(undefined);
      return performance.now() - t0;
    }),
  );
  return times.sort((a, b) => a - b);
}

describe('RateLimiter', () => {
  it('with capacity 1 starts requests at least 1/rps apart', async () => {
    const times = await startTimes(new RateLimiter(1000 / INTERVAL), 4);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(INTERVAL - 5);
  });

  it('with capacity 2 lets two start at once, then one per interval', async () => {
    const times = await startTimes(new RateLimiter(1000 / INTERVAL, Date.now, 2), 5);
    expect(times[1]!).toBeLessThan(INTERVAL / 2); // the second token was there
    // …and no more: the third waits an interval, the fifth three (at most 2 + rps × t started by t).
    expect(times[2]!).toBeGreaterThanOrEqual(INTERVAL - 5);
    expect(times[4]!).toBeGreaterThanOrEqual(3 * INTERVAL - 5);
  });

  // The run's dispatch signal has no listener limit (grace-signal.ts: every example waiting for a
  // token listens to it), so no warning would tell of a leak: each waiter removes its own.
  it('leaves no listener on the shared signal once each waiter was served or cancelled', async () => {
    const limiter = new RateLimiter(1000 / 20);
    const run = new AbortController();
    const cancel = new AbortController();
    const served = Array.from({ length: 12 }, () => limiter.acquire(run.signal));
    const cancelled = Array.from({ length: 3 }, () => limiter.acquire(cancel.signal));
    // The first was served at once (its token was there); the others wait, each listening.
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(11);
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(3);
    cancel.abort();
    expect(await Promise.all(cancelled)).toEqual([false, false, false]);
    expect(await Promise.all(served)).toEqual(Array(12).fill(true));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
  });

  it('refuses a burst below 1 and a rate that is not positive', () => {
    expect(() => new RateLimiter(0)).toThrow(RangeError);
    expect(() => new RateLimiter(5, Date.now, 0)).toThrow(RangeError);
  });
});
