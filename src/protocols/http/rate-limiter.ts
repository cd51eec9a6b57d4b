/**
 * Request-rate limiter shared by every request of one transport: a token bucket of capacity
 * `burst` (default 1) refilled at `rps` tokens per second. With capacity 1, requests start at
 * least 1/rps apart; over any window, at most `burst` + rps × seconds start (GCRA's rule).
 */
import { sleepAbortable } from './abortable-sleep.js';

export class RateLimiter {
  readonly #intervalMs: number;
  readonly #toleranceMs: number;
  readonly #now: () => number;
  /** When the bucket would be empty again had every token been taken at its earliest. */
  #theoreticalAt = 0;

  constructor(rps: number, now: () => number = Date.now, burst = 1) {
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
}
