/**
 * Retry policy of the HTTP transport: which failures are retried, and how long to wait.
 * Exponential backoff with full jitter (AWS architecture blog), `Retry-After` on 429/503.
 * A `Retry-After` is a floor, not a replacement (QA27): evalc waits what the server asks or the
 * jittered backoff, whichever is longer, so `Retry-After: 0` (or a date already past) does not
 * spend every retry within milliseconds.
 */
import type { StepError } from '../types.js';
import { parseHttpDate } from './http-date.js';

export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 30_000;
/**
 * Longest server-requested delay honoured. A longer `Retry-After` is not waited for at all: the
 * transport gives up at once (its message says what the server asked), as a quota reset in an
 * hour is no reason to hold a run for minutes and then fail anyway.
 */
export const RETRY_AFTER_CAP_MS = 120_000;

/**
 * What a failure's message adds when its server asks a wait past the cap, e.g. ` (it asks to retry
 * after 3600 s, longer than evalc waits: 120 s)`. Ten minutes or more to the minute: a date counted
 * from each request's own moment said 3600 s, then 3599 s, one report row per second for one rate
 * limit (QA91); a Retry-After of 400 digits is read as Infinity ms: "after Infinity s" said nothing (QA50).
 */
export function waitPastCapNote(retryAfterMs: number): string {
  const exact = Math.round(retryAfterMs / 1000);
  const seconds = exact >= 600 ? Math.round(exact / 60) * 60 : exact;
  const asked = Number.isFinite(seconds) ? `${seconds} s` : 'an endless time';
  return ` (it asks to retry after ${asked}, longer than evalc waits: ${RETRY_AFTER_CAP_MS / 1000} s)`;
}

/** Full-jitter delay before retry number `retry` (0-based): uniform in [0, min(cap, base·2^retry)). */
export function backoffDelayMs(retry: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds requested by a `Retry-After` value (delta-seconds, leniently with a fraction, or an
 * HTTP-date in one of RFC 9110's three forms), if valid; not capped. Anything else (`-1`, `soon`,
 * `2, 2` from a repeated header) is undefined: the backoff applies.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = parseHttpDate(trimmed, now);
  if (date === undefined) return undefined;
  return Math.max(0, date - now);
}

/** Whether an HTTP status is transient: 408, 429 and every 5xx. Other 4xx are contract errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * How long to wait before retry number `retry` (0-based) after `error`: the jittered backoff, or
 * what the server asked (up to the cap) when that is longer.
 */
export function retryDelayMs(error: StepError, retry: number, random: () => number): number {
  const backoff = backoffDelayMs(retry, random);
  if (error.retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(RETRY_AFTER_CAP_MS, error.retryAfterMs));
}
