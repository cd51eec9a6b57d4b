/**
 * A request's deadline (QA27): a point in time (`performance.now()`) after which none of its
 * attempts runs — a `chat` conversation's `limits.budget`, for one. Each attempt's timeout is cut
 * to what is left, and a retry whose wait (backoff or `Retry-After`) would end at or past the
 * deadline is not made: before, a 3 s budget waited out a `Retry-After: 10` and the conversation
 * took 10 s.
 */
import type { StepError } from '../types.js';

/** The attempt's timeout: the request's (or the transport's), cut to what is left before `deadlineAt`. */
export function attemptTimeoutMs(timeoutMs: number, deadlineAt: number | undefined): number {
  if (deadlineAt === undefined) return timeoutMs;
  return Math.max(1, Math.ceil(Math.min(timeoutMs, deadlineAt - performance.now())));
}

/**
 * The error to return instead of waiting `delayMs` for a retry that would start at or past
 * `deadlineAt`; undefined when the retry fits (or there is no deadline).
 */
export function retryPastDeadline(
  error: StepError,
  delayMs: number,
  deadlineAt: number | undefined,
): StepError | undefined {
  if (deadlineAt === undefined) return undefined;
  const left = deadlineAt - performance.now();
  if (delayMs < left) return undefined;
  const wait = Math.round(delayMs);
  const rest = Math.max(0, Math.round(left));
  return {
    ...error,
    message: `${error.message} (not retried: the wait, ${wait} ms, outlasts the ${rest} ms left to the request's deadline)`,
  };
}
