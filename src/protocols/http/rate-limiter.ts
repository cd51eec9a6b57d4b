/**
 * Request-rate limiter: a token bucket of capacity `burst` (default 1) refilled at `rps` tokens
 * per second. With capacity 1, requests start at least 1/rps apart; over any window, at most
 * `burst` + rps × seconds start (GCRA's rule). Tokens are handed out in order to the callers
 * waiting for one, `urgent` callers first; a caller whose signal aborts leaves the queue without
 * spending a token. Its clock is monotonic (`performance.now`): a wall clock stepped back by NTP
 * would have held every request for as long as the step.
 *
 * One bucket for the scheduler and the transport (QA27). The scheduler takes an invocation's
 * token before its clock starts (`admit`); the first attempt of the next request the transport
 * sends then uses the oldest waiting admission instead of a token of its own
 * (`acquireFirstAttempt`; with none waiting, it takes an urgent token), and retries take tokens
 * of their own, ahead of invocations not yet admitted (their wait is inside a measured duration;
 * an admission's is not). Every request sent is paid by exactly one token, so no window sees more
 * than `burst` + rps × seconds. `settle` withdraws an admission its invocation never used (it
 * failed before sending), so no token is lent later. Admissions are not tied to their invocation:
 * a later turn of one conversation may use the admission of an invocation about to send its
 * first request, which then takes an urgent token. Today's adapters send an invocation's first
 * request without awaiting anything after `admit`, so this does not happen; an adapter that
 * awaits first would make that invocation wait for a token inside its measured time (QA28).
 */

/** A token taken by `admit` for a request a transport sharing this limiter will send. */
export interface Admission {
  used: boolean;
}

interface Waiter {
  resolve: (granted: boolean) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class RateLimiter {
  readonly #intervalMs: number;
  readonly #toleranceMs: number;
  readonly #now: () => number;
  /** How late a waiter's token may be dated back (see #take): half an interval, at most 10 ms. */
  readonly #lateMs: number;
  /** When the bucket would be empty again had every token been taken at its earliest. */
  #theoreticalAt = Number.NEGATIVE_INFINITY;
  readonly #urgent: Waiter[] = [];
  readonly #waiting: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Admissions no request has used yet, oldest first. */
  readonly #admissions: Admission[] = [];

  constructor(rps: number, now: () => number = () => performance.now(), burst = 1) {
    if (!(rps > 0)) throw new RangeError('RateLimiter: rps must be positive');
    if (!(burst >= 1)) throw new RangeError('RateLimiter: burst must be at least 1');
    this.#intervalMs = 1000 / rps;
    this.#toleranceMs = (Math.floor(burst) - 1) * this.#intervalMs;
    this.#now = now;
    this.#lateMs = Math.min(this.#intervalMs / 2, 10);
  }

  /**
   * Waits for a token; resolves `false` when the signal aborted first. `urgent` callers (a
   * request already under way: a retry, a later turn) are served before the others.
   */
  acquire(signal: AbortSignal | undefined, urgent = false): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.#urgent.length === 0 && this.#waiting.length === 0 && this.#take()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = { resolve, signal, onAbort: undefined };
      const queue = urgent ? this.#urgent : this.#waiting;
      if (signal) {
        waiter.onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at !== -1) queue.splice(at, 1);
          resolve(false);
          if (this.#urgent.length === 0 && this.#waiting.length === 0) this.#stopTimer();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      queue.push(waiter);
      this.#grant();
    });
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

  /** For a request's first attempt: an admission's token when one waits, else an urgent token of its own. */
  acquireFirstAttempt(signal: AbortSignal | undefined): Promise<boolean> {
    const admission = this.#admissions.shift();
    if (admission === undefined) return this.acquire(signal, true);
    admission.used = true;
    return Promise.resolve(signal?.aborted !== true);
  }

  /**
   * Takes a token if the bucket holds one now. A token handed to a caller who was waiting for it
   * is dated when it came due, up to `#lateMs` back: a timer that fires a little late (1–3 ms
   * here) would otherwise push every later token back by as much (rps 50 ran at 44).
   */
  #take(waited = false): boolean {
    const now = this.#now();
    const at = Math.max(this.#theoreticalAt, waited ? now - this.#lateMs : now);
    if (at - this.#toleranceMs > now) return false;
    this.#theoreticalAt = at + this.#intervalMs;
    return true;
  }

  /** Hands the tokens there are to the waiters, urgent ones first; sleeps until the next token. */
  #grant(): void {
    if (this.#timer !== undefined) return;
    for (;;) {
      const queue = this.#urgent.length > 0 ? this.#urgent : this.#waiting;
      const waiter = queue[0];
      if (waiter === undefined) return;
      if (!this.#take(true)) break;
      queue.shift();
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(true);
    }
    const wait = Math.max(1, Math.ceil(this.#theoreticalAt - this.#toleranceMs - this.#now()));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#grant();
    }, wait);
  }

  #stopTimer(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
