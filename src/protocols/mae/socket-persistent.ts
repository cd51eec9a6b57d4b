/**
 * `socket` transport, seed profile: one persistent connection per adapter, newline-delimited
 * JSON (one request line, one reply line), requests serialised on it. A connection found closed
 * before a request is reopened transparently; a connection lost while a request waits fails that
 * request with `transport_error` (retryable) and the next request reconnects. A timeout or a
 * non-JSON reply drops the connection so replies cannot get out of step.
 */
import type { Socket } from 'node:net';
import { describeAddress, type SocketAddress } from './address.js';
import { LineChannel } from './line-channel.js';
import { SerialQueue } from './serial-queue.js';
import { connectSocket } from './socket-connect.js';
import {
  cancelledReply,
  type MaeTransport,
  replyFromLineEvent,
  type SendOptions,
  type TransportReply,
} from './transport.js';

export interface SocketTransportOptions {
  address: SocketAddress;
  timeoutMs: number;
  maxReplyChars?: number;
}

interface Connection {
  socket: Socket;
  lines: LineChannel;
}

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
    return this.#queue.run(() => this.#exchange(body, options));
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#connection?.socket.destroy();
    this.#connection = undefined;
  }

  async #exchange(body: Record<string, unknown>, { signal, log }: SendOptions): Promise<TransportReply> {
    const where = this.#where;
    if (signal.aborted) return cancelledReply(where);
    if (this.#closed)
      return { ok: false, error: { kind: 'transport_error', message: `${where}: transport closed` } };
    const started = Date.now();
    let connection = this.#connection;
    if (connection?.lines.closed) {
      log(`${where}: connection was closed; reconnecting`);
      connection = undefined;
    }
    if (!connection) {
      const opened = await connectSocket(this.#options.address, this.#options.timeoutMs, signal);
      if (!opened.ok) return opened;
      opened.socket.on('error', () => undefined);
      connection = {
        socket: opened.socket,
        lines: new LineChannel(opened.socket, this.#options.maxReplyChars ?? 16 * 1024 * 1024),
      };
      this.#connection = connection;
    }
    for (const stale of connection.lines.takeStale())
      log(`${where}: ignored unsolicited line: ${stale.slice(0, 200)}`);
    connection.socket.write(`${JSON.stringify(body)}\n`);
    const remaining = Math.max(1, this.#options.timeoutMs - (Date.now() - started));
    const event = await connection.lines.next(remaining, signal);
    return replyFromLineEvent(event, where, this.#options.timeoutMs, {
      drop: () => this.#drop(connection),
      closed: () => {
        this.#drop(connection);
        return {
          ok: false,
          error: {
            kind: 'transport_error',
            message: `${where}: connection closed before a reply`,
            retryable: true,
          },
        };
      },
    });
  }

  #drop(connection: Connection): void {
    if (this.#connection === connection) this.#connection = undefined;
    connection.socket.destroy();
  }
}
