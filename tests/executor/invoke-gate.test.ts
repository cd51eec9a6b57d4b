import { describe, expect, it } from 'vitest';
import { afterIo, InvokeGate } from '../../src/executor/invoke-gate.js';

describe('InvokeGate', () => {
  it('lets capacity holders through at once and hands each released slot to the longest waiter', async () => {
    const gate = new InvokeGate(2);
    expect(gate.acquire()).toBeUndefined();
    expect(gate.acquire()).toBeUndefined();
    const order: string[] = [];
    const waits = ['a', 'b', 'c'].map((name) => gate.acquire()?.then(() => order.push(name)));
    expect(waits.every((w) => w instanceof Promise)).toBe(true);
    gate.release();
    await afterIo();
    expect(order).toEqual(['a']);
    gate.release();
    gate.release();
    await afterIo();
    expect(order).toEqual(['a', 'b', 'c']);
    // All three waiters hold slots now; two releases free two slots for new takers.
    gate.release();
    gate.release();
    expect(gate.acquire()).toBeUndefined();
    expect(gate.acquire()).toBeUndefined();
    expect(gate.acquire()).toBeInstanceOf(Promise);
  });

  it('never lets more than its capacity run, however many take part', async () => {
    const gate = new InvokeGate(3);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 2000 }, async () => {
        const wait = gate.acquire();
        if (wait) await wait;
        running++;
        peak = Math.max(peak, running);
        await Promise.resolve();
        running--;
        gate.release();
      }),
    );
    expect(peak).toBe(3);
    expect(running).toBe(0);
  });
});

describe('afterIo', () => {
  it('resumes every deferred example, in the order they were deferred', async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 3000 }, (_, i) => afterIo().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('resumes ~1 ms of bookkeeping per turn of the event loop, so I/O is read in between', async () => {
    // 100 examples of 0.2 ms of work each: ~20 ms in all, which must not run in one turn.
    let turns = 0;
    let running = true;
    const tick = (): void => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        await afterIo();
        const until = performance.now() + 0.2;
        while (performance.now() < until) {
          // busy: an example's extraction, scoring and cache writes
        }
      }),
    );
    running = false;
    // ≥ 20 ms at ≤ ~1 ms (+ one example) per turn: at least ~10 turns even on a slow machine.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
