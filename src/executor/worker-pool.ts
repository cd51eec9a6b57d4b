/**
 * Runs `work` over a stream of items with at most `concurrency` in flight, pulling items
 * lazily so a 100k-example run never materialises all of its work at once. Stops pulling
 * when the signal aborts; items in flight finish. When `work` throws (an internal error), no
 * further item starts, the items in flight finish, and then the first error is thrown: nothing
 * is left running to write into a cache the caller closes (QA35: "cannot write the cache (EBADF)"
 * after an internal error).
 */
export async function runPool<T>(
  items: Iterator<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let done = false;
  const next = (): IteratorResult<T> | undefined => {
    if (done || signal.aborted) return undefined;
    const r = items.next();
    if (r.done) done = true;
    return r.done ? undefined : r;
  };
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    try {
      for (let item = next(); item; item = next()) await work(item.value);
    } catch (error) {
      failure ??= { error };
      done = true;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (failure) throw failure.error;
}
