/** The lease pool behind persistent mae transports with limits.concurrency > 1. */
import { describe, expect, it } from 'vitest';
import type { MaeTransport } from '../../src/protocols/mae/transport.js';
import { TransportPool } from '../../src/protocols/mae/transport-pool.js';

function counterTransport(closed: string[], name: string): MaeTransport {
  return {
    send: async () => ({ ok: true, reply: { name }, warnings: [] }),
    close: async () => {
      closed.push(name);
    },
  };
}

describe('TransportPool', () => {
  it('creates members lazily up to its size, then makes leases wait for a release', async () => {
    const closed: string[] = [];
    let created = 0;
    const pool = new TransportPool(2, () => counterTransport(closed, `t${++created}`));
    const signal = new AbortController().signal;
    const first = await pool.acquire(signal);
    const second = await pool.acquire(signal);
    expect(created).toBe(2);
    let third: MaeTransport | undefined;
    const waiting = pool.acquire(signal).then((transport) => {
      third = transport;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBeUndefined();
    pool.release(first!);
    await waiting;
    expect(third).toBe(first);
    expect(created).toBe(2);
    pool.release(second!);
    await pool.close();
    expect(closed.sort()).toEqual(['t1', 't2']);
  });

  it('gives up a waiting lease when its signal aborts', async () => {
    const pool = new TransportPool(2, () => counterTransport([], 'x'));
    const signal = new AbortController().signal;
    await pool.acquire(signal);
    await pool.acquire(signal);
    const controller = new AbortController();
    const pending = pool.acquire(controller.signal);
    controller.abort();
    expect(await pending).toBeUndefined();
  });
});
