/**
 * Request-rate limiter shared by every request of one transport: a token bucket of capacity 1
 * refilled at `rps` tokens per second (equivalently, requests start at least 1/rps apart).
 */
import { sleepAbortable } from './abortable-sleep.js';

export class RateLimiter {
  readonly #intervalMs: number;
  readonly #now: () => number;
  #nextSlotAt = 0;

  constructor(rps: number, now: () => number = Date.now) {
    if (!(rps > 0)) throw new RangeError('RateLimiter: rps must be positive');
    this.#intervalMs = 1000 / rps;
    this.#now = now;
  }

  /** Waits for this request's slot; resolves `false` when the signal aborted first. */
  async acquire(signal: AbortSignal | undefined): Promise<boolean> {
    const now = this.#now();
    const slot = Math.max(now, this.#nextSlotAt);
    this.#nextSlotAt = slot + this.#intervalMs;
    return sleepAbortable(slot - now, signal);
  }
}
