/**
 * A small pool of persistent transports (processes or connections) for agents whose plan sets
 * `limits.concurrency > 1`: each invocation leases one member for its whole conversation, so a
 * conversation never moves between processes and a process never sees two conversations at once.
 * Members are created lazily up to `size`; a lease waits for a free member (or an abort).
 */
import type { MaeTransport } from './transport.js';

/** Where an invocation gets its transport from: one shared transport, or a pool. */
export interface TransportSource {
  acquire(signal: AbortSignal): Promise<MaeTransport | undefined>;
  release(transport: MaeTransport): void;
  close(): Promise<void>;
}

/** Every invocation shares the one transport (which serialises requests itself if persistent). */
export function shareTransport(transport: MaeTransport): TransportSource {
  return {
    acquire: async (signal) => (signal.aborted ? undefined : transport),
    release: () => undefined,
    close: () => transport.close(),
  };
}

export class TransportPool implements TransportSource {
  readonly #size: number;
  readonly #create: () => MaeTransport;
  readonly #all: MaeTransport[] = [];
  readonly #idle: MaeTransport[] = [];
  readonly #waiters: ((transport: MaeTransport) => void)[] = [];

  constructor(size: number, create: () => MaeTransport) {
    this.#size = Math.max(1, size);
    this.#create = create;
  }

  /** A free member, or undefined when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<MaeTransport | undefined> {
    if (signal.aborted) return Promise.resolve(undefined);
    const idle = this.#idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.#all.length < this.#size) {
      const created = this.#create();
      this.#all.push(created);
      return Promise.resolve(created);
    }
    return new Promise((resolve) => {
      const waiter = (transport: MaeTransport) => {
        signal.removeEventListener('abort', onAbort);
        resolve(transport);
      };
      const onAbort = () => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  release(transport: MaeTransport): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(transport);
    else this.#idle.push(transport);
  }

  async close(): Promise<void> {
    await Promise.all(this.#all.map((transport) => transport.close()));
  }
}
