/**
 * At most `capacity` agent invocations in flight for one agent (its `concurrency`). The worker
 * pool keeps more examples in flight than that, so an example whose reply has arrived gives its
 * slot to the next example *before* its own extraction, scoring and cache writes run: the next
 * request goes out at once and the agent is not left waiting on evalc's bookkeeping.
 */
export class InvokeGate {
  #free: number;
  readonly #waiters: (() => void)[] = [];
  #head = 0;

  constructor(capacity: number) {
    this.#free = Math.max(1, capacity);
  }

  /** Undefined when a slot was free and is now taken; else a promise that resolves with a slot. */
  acquire(): Promise<void> | undefined {
    if (this.#free > 0) {
      this.#free--;
      return undefined;
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the slot to the longest waiter, or frees it. */
  release(): void {
    if (this.#head < this.#waiters.length) {
      const next = this.#waiters[this.#head]!;
      this.#waiters[this.#head++] = noop;
      if (this.#head > 1024 && this.#head * 2 > this.#waiters.length) {
        this.#waiters.splice(0, this.#head);
        this.#head = 0;
      }
      next();
      return;
    }
    this.#free++;
  }
}

function noop(): void {}

/** Examples waiting to do their bookkeeping, resumed by `resumeSome` a few at a time. */
const deferred: (() => void)[] = [];
let deferredHead = 0;
let resumeScheduled = false;
/** How long one turn of the event loop resumes deferred bookkeeping before reading sockets again. */
const RESUME_BUDGET_MS = 1;

/**
 * Resolves after the current I/O phase: replies read in the same turn all dispatch first. The
 * bookkeeping so deferred is resumed ~1 ms per turn of the event loop, so replies that arrive
 * during a burst's bookkeeping are read (and their slots given on) between its pieces.
 */
export function afterIo(): Promise<void> {
  return new Promise((resolve) => {
    deferred.push(resolve);
    if (!resumeScheduled) {
      resumeScheduled = true;
      setImmediate(resumeSome);
    }
  });
}

async function resumeSome(): Promise<void> {
  const started = performance.now();
  while (deferredHead < deferred.length) {
    const resume = deferred[deferredHead]!;
    deferred[deferredHead++] = noop;
    resume();
    // Lets the resumed example run up to its next await before the clock is read again.
    await null;
    if (performance.now() - started >= RESUME_BUDGET_MS) break;
  }
  if (deferredHead >= deferred.length) {
    deferred.length = 0;
    deferredHead = 0;
    resumeScheduled = false;
    return;
  }
  if (deferredHead > 1024) {
    deferred.splice(0, deferredHead);
    deferredHead = 0;
  }
  setImmediate(resumeSome);
}
