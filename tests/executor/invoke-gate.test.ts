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
