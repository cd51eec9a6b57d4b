/**
 * runPool after an internal error in one item: no further item starts, the items in flight
 * finish, and only then is the error thrown, so nothing still writes into a cache the caller
 * closes on the way out (QA35: "cannot write the cache (EBADF)" followed an internal error).
 */
import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/executor/worker-pool.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runPool', () => {
  it('stops pulling at the first error and throws it once the items in flight have finished', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const items = Array.from({ length: 20 }, (_, i) => i)[Symbol.iterator]();
    const run = runPool(
      items,
      3,
      async (i) => {
        started.push(i);
        if (i === 1) {
          await sleep(5);
          throw new Error('boom');
        }
        await sleep(i === 0 || i === 2 ? 40 : 5);
        finished.push(i);
      },
      new AbortController().signal,
    );
    let settledAt = 0;
    await expect(
      run.finally(() => {
        settledAt = finished.length;
      }),
    ).rejects.toThrow('boom');
    // 0 and 2 were in flight when 1 failed: they finished before the error came out.
    expect(finished).toContain(0);
    expect(finished).toContain(2);
    expect(settledAt).toBe(finished.length);
    // No item started after the failure (no slot freed before it).
    expect(started.sort((a, b) => a - b)).toEqual([0, 1, 2]);
  });

  it('runs every item once when nothing fails', async () => {
    const seen: number[] = [];
    await runPool(
      [1, 2, 3, 4, 5][Symbol.iterator](),
      2,
      async (i) => {
        await sleep(1);
        seen.push(i);
      },
      new AbortController().signal,
    );
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
