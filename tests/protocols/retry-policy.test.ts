import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { backoffDelayMs, isRetryableStatus, parseRetryAfter } from '../../src/protocols/http/retry-policy.js';

describe('retry policy', () => {
  it('parses Retry-After as delta-seconds', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter(' 0 ', 0)).toBe(0);
  });

  it('parses Retry-After as an HTTP date relative to now', () => {
    const now = Date.parse('Sun, 06 Nov 1994 08:49:30 GMT');
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:00 GMT', now)).toBe(0);
  });

  it('ignores an unparsable Retry-After', () => {
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });

  it('draws full-jitter delays below min(cap, base·2^n)', () => {
    const random = createRandom(42);
    for (let retry = 0; retry < 12; retry++) {
      const delay = backoffDelayMs(retry, random);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(30_000, 250 * 2 ** retry));
    }
    expect(backoffDelayMs(20, () => 0.999999)).toBe(29_999);
  });

  it('is deterministic for a given seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('classifies 408, 429 and 5xx as transient and other 4xx as contract errors', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
