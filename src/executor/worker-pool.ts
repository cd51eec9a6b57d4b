/**
 * Runs `work` over a stream of items with at most `concurrency` in flight, pulling items
 * lazily so a 100k-example run never materialises all of its work at once. Stops pulling
 * when the signal aborts; items in flight finish.
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
  const worker = async () => {
    for (let item = next(); item; item = next()) await work(item.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}
