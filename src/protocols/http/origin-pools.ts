/**
 * The keep-alive undici `Pool`s of one HTTP transport (transport.ts), one per origin. An origin
 * whose server serves one connection at a time (one-connection-server.ts) is retired: its later
 * requests ask `Connection: close` on a fresh pool, and the old pool ends once its requests are done.
 */
import type { Socket } from 'node:net';
import { Pool } from 'undici';
import { MAX_HEADER_BYTES } from './failure-words.js';
import { continueTolerantConnector } from './interim-continue.js';

export class OriginPools {
  readonly #connections: number;
  readonly #timeoutMs: number;
  readonly #pools = new Map<string, Pool>();
  /** Origins whose server serves one connection at a time: every request asks `Connection: close`. */
  readonly #closeEach = new Set<string>();
  /** Pools retired by `retire`, ending once their requests are done (destroyed by destroyAll()). */
  readonly #retired = new Set<Pool>();
  /** Sockets of these pools still connecting: destroyAll() ends them (continueTolerantConnector). */
  readonly #opening = new Set<Socket>();

  constructor(connections: number, timeoutMs: number) {
    this.#connections = connections;
    this.#timeoutMs = timeoutMs;
  }

  /** Whether requests to `origin` ask `Connection: close` (its server was retired). */
  closesEach(origin: string): boolean {
    return this.#closeEach.has(origin);
  }

  poolFor(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.#connections,
        // The attempt's own timer ends a connect (untilAborted); undici's default gave up after 10 s.
        // Its sockets read past an unsolicited 100 Continue (interim-continue.ts).
        connect: continueTolerantConnector(this.#timeoutMs, this.#opening),
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
        keepAliveTimeout: 4_000,
        // Node's default is 16 KiB; servers behind proxies (cookies, CSP, tracing headers)
        // exceed it. Python's http.client allows 64 KiB per line, curl 100 KiB in all.
        maxHeaderSize: MAX_HEADER_BYTES,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * The origin's server serves one connection at a time (one-connection-server.ts): later requests
   * go out on a fresh pool with `Connection: close`; the old pool's connections end as soon as
   * their requests (this one included) are done, instead of idling 4 s in front of the server.
   */
  retire(origin: string): void {
    this.#closeEach.add(origin);
    const pool = this.#pools.get(origin);
    if (pool === undefined) return;
    this.#pools.delete(origin);
    this.#retired.add(pool);
    pool
      .close()
      .catch(() => undefined)
      .finally(() => this.#retired.delete(pool));
  }

  /** Destroys every pool, retired ones too. */
  async destroyAll(): Promise<void> {
    const pools = [...this.#pools.values(), ...this.#retired];
    this.#pools.clear();
    this.#retired.clear();
    await Promise.all(pools.map((pool) => pool.destroy().catch(() => undefined)));
    // A destroyed Pool does not end a connect in progress: a TLS handshake nothing answers held the
    // process open until the pool's connect timeout (QA336: a mae http turn timed out at 30 s, the
    // agent's transport was closed, and apply exited at 60 s, the pool's default).
    for (const socket of this.#opening) socket.destroy();
    this.#opening.clear();
  }
}
