/**
 * Request-rate limiter shared by every request of one transport: a token bucket of capacity
 * `burst` (default 1) refilled at `rps` tokens per second. With capacity 1, requests start at
 * least 1/rps apart; over any window, at most `burst` + rps × seconds start (GCRA's rule).
 *
 * Its clock is monotonic (`performance.now`): a wall clock stepped back by NTP would have held
 * every request for as long as the step.
 *
 * One bucket for the scheduler and the transport (QA27). The scheduler takes an invocation's
 * token before its clock starts (`admit`); the transport's first attempt of the next request then
 * uses that admission instead of a second token (`acquireFirstAttempt`), while retries, later
 * turns and discovery take tokens of their own (`acquire`). Every request sent is paid by exactly
 * one token, so no window sees more than `burst` + rps × seconds, and a retry's token delays the
 * next admission (outside its clock) rather than the next request inside it. `settle` withdraws an
 * admission its invocation never used (it failed before sending), so no token is lent later.
 */
import { sleepAbortable } from './abortable-sleep.js';

/** A token taken by `admit` for a request a transport sharing this limiter will send. */
export interface Admission {
  used: boolean;
}

export class RateLimiter {
  readonly #intervalMs: number;
  readonly #toleranceMs: number;
  readonly #now: () => number;
  /** When the bucket would be empty again had every token been taken at its earliest. */
  #theoreticalAt = Number.NEGATIVE_INFINITY;
  /** Admissions no request has used yet, oldest first. */
  #admissions: Admission[] = [];

  constructor(rps: number, now: () => number = () => performance.now(), burst = 1) {
    if (!(rps > 0)) throw new RangeError('RateLimiter: rps must be positive');
    if (!(burst >= 1)) throw new RangeError('RateLimiter: burst must be at least 1');
    this.#intervalMs = 1000 / rps;
    this.#toleranceMs = (Math.floor(burst) - 1) * this.#intervalMs;
    this.#now = now;
  }

  /** Waits for this request's slot; resolves `false` when the signal aborted first. */
  async acquire(signal: AbortSignal | undefined): Promise<boolean> {
    const now = this.#now();
    const at = Math.max(this.#theoreticalAt, now);
    const slot = Math.max(now, at - this.#toleranceMs);
    this.#theoreticalAt = at + this.#intervalMs;
    return sleepAbortable(slot - now, signal);
  }

  /**
   * Takes a token for an invocation whose first request a transport sharing this limiter sends
   * next (see the module header); undefined when the signal aborted first. Pair with `settle`.
   */
  async admit(signal: AbortSignal | undefined): Promise<Admission | undefined> {
    if (!(await this.acquire(signal))) return undefined;
    const admission: Admission = { used: false };
    this.#admissions.push(admission);
    return admission;
  }

  /** Ends an admission's invocation: one that no request used is withdrawn. */
  settle(admission: Admission): void {
    if (admission.used) return;
    const at = this.#admissions.indexOf(admission);
    if (at !== -1) this.#admissions.splice(at, 1);
  }

  /** For a request's first attempt: an admission's token when one waits, else a token of its own. */
  acquireFirstAttempt(signal: AbortSignal | undefined): Promise<boolean> {
    const admission = this.#admissions.shift();
    if (admission === undefined) return this.acquire(signal);
    admission.used = true;
    return Promise.resolve(signal?.aborted !== true);
  }
}
