/**
 * QA19: the delay a 429 asks for in OpenAI-style rate-limit headers when it sends no
 * Retry-After (src/protocols/http/rate-limit-reset.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseResetDuration, rateLimitDelayMs } from '../../src/protocols/http/rate-limit-reset.js';

describe('rate-limit reset headers', () => {
  it('parses Go durations and bare seconds', () => {
    expect(parseResetDuration('1s')).toBe(1000);
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('7.66s')).toBe(7660);
    expect(parseResetDuration('200ms')).toBe(200);
    expect(parseResetDuration('1h2m3s')).toBe(3_723_000);
    expect(parseResetDuration('2.5')).toBe(2500);
    expect(parseResetDuration('soon')).toBeUndefined();
    expect(parseResetDuration('1s later')).toBeUndefined();
    expect(parseResetDuration(undefined)).toBeUndefined();
  });

  it('prefers retry-after-ms (OpenAI, Azure)', () => {
    expect(rateLimitDelayMs({ 'retry-after-ms': '1500', 'x-ratelimit-reset-requests': '20s' })).toBe(1500);
  });

  it('uses the reset of the exhausted limit', () => {
    const headers = {
      'x-ratelimit-remaining-requests': '12',
      'x-ratelimit-reset-requests': '30s',
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '850ms',
    };
    expect(rateLimitDelayMs(headers)).toBe(850);
  });

  it('uses the later reset when no limit says it is exhausted', () => {
    expect(rateLimitDelayMs({ 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-reset-tokens': '5s' })).toBe(
      5000,
    );
  });

  it('reads nothing from an epoch-like x-ratelimit-reset alone', () => {
    expect(rateLimitDelayMs({ 'x-ratelimit-reset': '1700000000000' })).toBeUndefined();
    expect(rateLimitDelayMs({})).toBeUndefined();
  });
});
