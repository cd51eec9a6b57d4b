/**
 * Cancellation of one HTTP attempt, cheaply. An `AbortController` costs several µs to create
 * and to listen to (Node's EventTarget), per attempt; undici only needs an object with
 * `aborted`, `reason` and `addEventListener`/`removeEventListener('abort', …)` (it accepts any
 * EventTarget-like signal), so an attempt gets an `AttemptSignal`, aborted by its timer or by the
 * caller's signal.
 *
 * `CallerSignals` forwards a caller's (often run-wide, long-lived) `AbortSignal` to the attempts
 * in flight with it through ONE listener per signal, added when its first attempt starts and
 * removed when its last attempt ends — not one listener per attempt — so nothing accumulates on
 * the caller's signal and no listener is left behind.
 */

type Listener = () => void;

export class AttemptSignal {
  aborted = false;
  reason: unknown;
  /** Why it aborted: the attempt's timer, or the caller's signal. */
  cause: 'timeout' | 'caller' | undefined;
  #listeners: Listener[] = [];

  addEventListener(type: string, listener: Listener): void {
    if (type === 'abort' && !this.aborted) this.#listeners.push(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    if (type !== 'abort') return;
    const at = this.#listeners.indexOf(listener);
    if (at !== -1) this.#listeners.splice(at, 1);
  }

  /** Aborts once; listeners run synchronously, like AbortController.abort(). */
  abort(cause: 'timeout' | 'caller', reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.cause = cause;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}

export class CallerSignals {
  readonly #active = new Map<AbortSignal, { attempts: Set<AttemptSignal>; onAbort: Listener }>();

  /** Links an attempt to the caller's signal until `unlink`. Aborts it at once if already aborted. */
  link(caller: AbortSignal, attempt: AttemptSignal): void {
    if (caller.aborted) {
      attempt.abort('caller', caller.reason);
      return;
    }
    let entry = this.#active.get(caller);
    if (!entry) {
      const attempts = new Set<AttemptSignal>();
      const onAbort = (): void => {
        this.#active.delete(caller);
        for (const a of attempts) a.abort('caller', caller.reason);
      };
      entry = { attempts, onAbort };
      this.#active.set(caller, entry);
      caller.addEventListener('abort', onAbort, { once: true });
    }
    entry.attempts.add(attempt);
  }

  unlink(caller: AbortSignal, attempt: AttemptSignal): void {
    const entry = this.#active.get(caller);
    if (!entry) return;
    entry.attempts.delete(attempt);
    if (entry.attempts.size === 0) {
      this.#active.delete(caller);
      caller.removeEventListener('abort', entry.onAbort);
    }
  }
}

/**
 * Settles as `request` does, or rejects with the signal's reason (an Error when it has none) as soon as the signal aborts.
 * undici rejects a request aborted while its connection is still being opened only when that
 * connect ends (its own 10 s connect timeout), so a hung connect outlived the attempt's timeout
 * and a Ctrl-C (QA61: `timeout: 2s, retries: 1` took 21 s). The request is not sent once its
 * connection opens (undici aborts it there); a reply that still arrives has its body dropped.
 */
export function untilAborted<T extends { body?: { destroy(): unknown } }>(
  request: Promise<T>,
  signal: AttemptSignal,
): Promise<T> {
  if (signal.aborted) {
    request.then(dropBody, () => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      request.then(dropBody, () => undefined);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort);
    request.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortError(signal: AttemptSignal): unknown {
  return signal.reason ?? new Error(signal.cause === 'timeout' ? 'attempt timed out' : 'attempt aborted');
}

function dropBody(value: { body?: { destroy(): unknown } }): void {
  value.body?.destroy();
}
