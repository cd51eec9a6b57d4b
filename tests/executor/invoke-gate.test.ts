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
  it('resumes a burst of waiters a few per turn of the loop, in order, with other callbacks running between batches', async () => {
    const events: string[] = [];
    const waits = Array.from({ length: 20 }, (_, i) => afterIo().then(() => events.push(`w${i}`)));
    // Scheduled after the first batch's immediate: it must run before the last waiters resume.
    setImmediate(() => events.push('io'));
    await Promise.all(waits);
    const io = events.indexOf('io');
    expect(events.filter((e) => e !== 'io')).toEqual(Array.from({ length: 20 }, (_, i) => `w${i}`));
    expect(io).toBeGreaterThan(0);
    expect(io).toBeLessThan(events.length - 1);
  });

  it('resumes every waiter of a long stream of waits (nothing is dropped when the queue is compacted)', async () => {
    let resumed = 0;
    await Promise.all(Array.from({ length: 5000 }, () => afterIo().then(() => resumed++)));
    expect(resumed).toBe(5000);
    // A later wait still resumes once the queue has drained.
    await afterIo();
  });
});
