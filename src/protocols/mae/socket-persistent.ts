/**
 * `socket` transport, seed profile: one persistent connection per adapter, newline-delimited
 * JSON (one request line, one reply line), requests serialised on it. A connection found closed
 * before a request is reopened transparently; a connection lost while a request waits fails that
 * request with `transport_error` (retryable) and the next request reconnects. A timeout or a
 * non-JSON reply drops the connection so replies cannot get out of step.
 *
 * An agent that closes the connection after each reply (one connection per request, as
 * AgentV's own harness expects) races the next request: its FIN may arrive just after evalc
 * wrote on the connection it believed open. So when a REUSED connection closes before any reply
 * to a request, the request is sent once more on a fresh connection (the agent may then see it
 * twice, like an HTTP client's retry on a stale keep-alive connection).
 *
 * A second line written for one request (caught by `LineChannel.settle` right after the reply)
 * is logged and the connection replaced, so it cannot answer the next request.
 *
 * A connection closed before the reply to a request line longer than 64 KiB says so: Python's
 * asyncio `reader.readline()` gives up on such a line (long-line-hint.ts, QA24).
 *
 * Pool members (`limits.concurrency > 1`) share a `PoolWitness`: a connection that never
 * answered and times out while another connection of the agent has answered is, most likely, an
 * agent that serves one connection at a time (the others wait in its accept queue; the one it
 * serves may be idle by then, every other conversation stuck), and the timeout says so instead of
 * the flush hint, naming the other cause, a request slower than limits.timeout (QA144). A
 * timeout on a connection that has answered before, or while two other open connections of the
 * pool have answered (an agent that serves connections side by side), names a slow request (QA149).
 */
import type { Socket } from 'node:net';
import { quoteCut } from '../quote-cut.js';
import { describeAddress, type SocketAddress } from './address.js';
import { LineChannel, STILL_WRITING, TOO_LONG_REUSED } from './line-channel.js';
import { longLineHint } from './long-line-hint.js';
import { SerialQueue } from './serial-queue.js';
import { connectSocket } from './socket-connect.js';
import {
  answeredBeforeHint,
  cancelledReply,
  type MaeTransport,
  noteExtraLines,
  replyFromLineEvent,
  type SendOptions,
  SOCKET_JSON_HINT,
  SOCKET_TIMEOUT_HINT,
  type TransportReply,
} from './transport.js';

/** Shared by the connections of one agent's pool: how many replies they have had. */
export interface PoolWitness {
  replies: number;
  /** The pool's connections that have answered (QA149: closed ones no longer count). */
  answering: Set<LineChannel>;
  /** Connections open at once at most (limits.concurrency): with one, none waits behind another. */
  size: number;
}

export interface SocketTransportOptions {
  address: SocketAddress;
  timeoutMs: number;
  maxReplyChars?: number;
  /** Set when this transport is one member of a pool (`limits.concurrency > 1`). */
  pool?: PoolWitness;
}

interface Connection {
  socket: Socket;
  lines: LineChannel;
  /** A reply line has come on this connection. */
  answered: boolean;
}

/** A pooled connection's timeout when another connection of the agent has answered (QA144). */
export const ONE_CONNECTION_HINT =
  " (the agent has answered on another of evalc's connections, never on this one: an agent that serves one connection at a time, as the seed's one persistent connection allows, leaves the others waiting in its accept queue — with limits.concurrency: N evalc opens up to N connections, one per conversation: set limits.concurrency: 1, or serve each connection in a thread or task of its own; else this request took longer than limits.timeout)";

/**
 * A timeout on a connection the agent has answered on before, or while two other open connections
 * of its pool have answered (it serves connections side by side): this request was slow. QA149:
 * the first read the flush hint, the second the one-connection hint, both wrong for such an agent.
 */
export function slowRequestHint(others: number): string {
  return ` (the agent has answered on ${others} other open connections of evalc's, so it serves connections side by side: this request took longer than limits.timeout — raise limits.timeout, or look in the agent's log for why this one was slow)`;
}

/**
 * A timeout on the one connection of an agent whose earlier connection, since closed, has answered
 * (a timeout dropped it): the agent answers and flushes, so this request was slow (QA157: the
 * flush-sock.makefile hint was given).
 */
export const EARLIER_CONNECTION_HINT =
  " (the agent has answered on an earlier connection of evalc's: this request took longer than limits.timeout — raise limits.timeout, or look in the agent's log for why this one was slow)";

export class PersistentSocketTransport implements MaeTransport {
  readonly #options: SocketTransportOptions;
  readonly #where: string;
  readonly #queue = new SerialQueue();
  #connection: Connection | undefined;
  #closed = false;

  constructor(options: SocketTransportOptions) {
    this.#options = options;
    this.#where = `socket agent ${describeAddress(options.address)}`;
  }

  send(body: Record<string, unknown>, options: SendOptions): Promise<TransportReply> {
    return this.#queue.run(async () => {
      const first = await this.#exchange(body, options);
      if (options.signal.aborted) return first.reply;
      if (first.tooLongReused)
        options.log(`${this.#where}: ${TOO_LONG_REUSED}; resending on a fresh connection`);
      else if (first.closedReused)
        options.log(`${this.#where}: the agent closed the connection after its previous reply; resending`);
      else return first.reply;
      return (await this.#exchange(body, options)).reply;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#connection?.socket.destroy();
    this.#connection = undefined;
  }

  /**
   * One request/reply; `closedReused` when a reused connection closed before any reply,
   * `tooLongReused` when a reused connection sent a line over the limit (QA50).
   */
  async #exchange(
    body: Record<string, unknown>,
    { signal, log }: SendOptions,
  ): Promise<{ reply: TransportReply; closedReused: boolean; tooLongReused?: boolean }> {
    const where = this.#where;
    const only = (reply: TransportReply) => ({ reply, closedReused: false });
    if (signal.aborted) return only(cancelledReply(where));
    if (this.#closed)
      return only({ ok: false, error: { kind: 'transport_error', message: `${where}: transport closed` } });
    const started = Date.now();
    let connection = this.#connection;
    if (connection?.lines.closed) {
      log(`${where}: connection was closed; reconnecting`);
      connection = undefined;
    } else if (connection?.lines.busy) {
      log(`${where}: ${STILL_WRITING}; opening a fresh connection`);
      this.#drop(connection);
      connection = undefined;
    }
    const reused = connection !== undefined;
    if (!connection) {
      const opened = await connectSocket(this.#options.address, this.#options.timeoutMs, signal);
      if (!opened.ok) return only(opened);
      opened.socket.on('error', () => undefined);
      connection = {
        socket: opened.socket,
        lines: new LineChannel(opened.socket, this.#options.maxReplyChars ?? 16 * 1024 * 1024),
        answered: false,
      };
      this.#connection = connection;
    }
    for (const stale of connection.lines.takeStale())
      log(`${where}: ignored unsolicited line: ${quoteCut(stale, 200)}`);
    const requestLine = `${JSON.stringify(body)}\n`;
    connection.socket.write(requestLine);
    const remaining = Math.max(1, this.#options.timeoutMs - (Date.now() - started));
    const event = await connection.lines.next(remaining, signal);
    const pool = this.#options.pool;
    if (event.kind === 'line') {
      connection.answered = true;
      if (pool) {
        pool.replies++;
        pool.answering.add(connection.lines);
      }
    }
    const reply = await replyFromLineEvent(event, where, this.#options.timeoutMs, {
      drop: () => this.#drop(connection),
      notJsonHint: SOCKET_JSON_HINT,
      timeoutHint: timeoutHintOf(pool, connection),
      closed: () => {
        this.#drop(connection);
        return {
          ok: false,
          error: {
            kind: 'transport_error',
            message: `${where}: connection closed before a reply${longLineHint(requestLine)}`,
            retryable: true,
          },
        };
      },
    });
    if (event.kind === 'line')
      noteExtraLines(reply, await connection.lines.settle(), {
        where,
        noun: 'connection',
        log,
        drop: () => this.#drop(connection),
      });
    return {
      reply,
      // a close in the middle of a reply is no race with a close after the previous one (QA163)
      closedReused: reused && event.kind === 'closed' && event.cut === undefined,
      tooLongReused: reused && event.kind === 'too_large',
    };
  }

  #drop(connection: Connection): void {
    if (this.#connection === connection) this.#connection = undefined;
    this.#options.pool?.answering.delete(connection.lines);
    connection.socket.destroy();
  }
}

/**
 * The hint of a timeout on `connection`: a slow request when it has answered before; the flush
 * hint when no connection of the agent answered; for one that never answered while others have,
 * a slow request when it is the agent's only connection (limits.concurrency 1: an earlier one
 * answered), one connection at a time when at most one other open connection has answered (an
 * agent that serves one at a time has one), else a slow request.
 */
function timeoutHintOf(pool: PoolWitness | undefined, connection: Connection): string {
  if (connection.answered) return answeredBeforeHint('connection');
  if (pool === undefined || pool.replies === 0) return SOCKET_TIMEOUT_HINT;
  if (pool.size === 1) return EARLIER_CONNECTION_HINT;
  for (const lines of pool.answering) if (lines.closed) pool.answering.delete(lines);
  return pool.answering.size >= 2 ? slowRequestHint(pool.answering.size) : ONE_CONNECTION_HINT;
}
