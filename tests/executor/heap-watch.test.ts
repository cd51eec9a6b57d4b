import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { HeapWatch } from '../../src/executor/heap-watch.js';

/** A weakly held object that nothing else references; WeakRefs are only cleared between turns. */
function garbage(): WeakRef<object> {
  return new WeakRef({ payload: new Array(10_000).fill('x') });
}

describe('HeapWatch', () => {
  it('collect() runs a full collection: an unreachable object is gone afterwards', async () => {
    const ref = garbage();
    await nextTurn();
    new HeapWatch().collect();
    await nextTurn();
    expect(ref.deref()).toBeUndefined();
  });

  it('tick() checks the heap on every n-th call and collects above the floor', async () => {
    const ref = garbage();
    await nextTurn();
    const watch = new HeapWatch(3, 0, 0); // no floor, no slack: the check always finds the heap too big
    watch.tick();
    watch.tick();
    watch.tick();
    await nextTurn();
    expect(ref.deref()).toBeUndefined();
  });

  it('collectAfterPhase() collects only when the heap holds at least the given bytes', async () => {
    const small = garbage();
    await nextTurn();
    new HeapWatch().collectAfterPhase(Number.MAX_SAFE_INTEGER);
    await nextTurn();
    expect(small.deref()).toBeDefined();
    await nextTurn(); // deref() keeps its target alive until the end of the current turn
    new HeapWatch().collectAfterPhase(0);
    await nextTurn();
    expect(small.deref()).toBeUndefined();
  });
});
