/**
 * Runs async jobs one at a time, in call order. A persistent process or connection speaks one
 * request/reply at a time, so every request on it goes through one queue.
 */
export class SerialQueue {
  #tail: Promise<void> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
