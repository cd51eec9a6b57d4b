/**
 * A connector for undici's pools that reads past an unsolicited `100 Continue`.
 *
 * RFC 9110 §15.2: a client MUST be able to parse one or more 1xx responses received before the
 * final response, even if it did not expect one. undici parses other 1xx replies (103 Early Hints)
 * but destroys the connection on a 100 it did not ask for ('bad response'); evalc sends no
 * `Expect: 100-continue`, yet some servers and proxies answer every request with one first
 * (curl, Python's http.client and Node's http module skip it). So each socket's `read` — the one
 * way undici takes bytes from it — drops `HTTP/1.x 100 …\r\n…\r\n` blocks found where a reply
 * starts: right after a request line was written, before any other byte of that reply.
 */
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/** A request line as undici writes it: `POST /path HTTP/1.1\r\n…`. */
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.1\r\n/;
/** A 100 status line; 101 (an upgrade) and 102/103 are left to undici, which reads them. */
const CONTINUE_LINE = /^HTTP\/1\.[01] 100(?:[ \r])/;
/** Bytes enough to tell a status line from a 100 one (`HTTP/1.1 100 `). */
const STATUS_PREFIX = 13;
const CONTINUE_HEADS = ['HTTP/1.1 100', 'HTTP/1.0 100'];

function startsRequest(chunk: unknown): boolean {
  if (typeof chunk === 'string') return REQUEST_LINE.test(chunk.slice(0, 2_048));
  if (chunk instanceof Uint8Array)
    return REQUEST_LINE.test(Buffer.from(chunk.subarray(0, 2_048)).toString('latin1'));
  return false;
}

/**
 * What is left of `pending` once the 100 Continue blocks at its start are dropped, or `undefined`
 * while it is too short to tell (a block not yet whole, a status line not yet long enough).
 */
export function dropInterimContinue(pending: Buffer): { rest: Buffer } | undefined {
  let rest = pending;
  for (;;) {
    if (rest.length < STATUS_PREFIX) {
      // a reply cut by the network before `HTTP/1.1 100 ` cannot be told yet
      const head = rest.toString('latin1');
      return CONTINUE_HEADS.some((line) => line.startsWith(head)) ? undefined : { rest };
    }
    if (!CONTINUE_LINE.test(rest.toString('latin1', 0, STATUS_PREFIX + 1))) return { rest };
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    rest = rest.subarray(end + 4);
    if (rest.length === 0) return undefined;
  }
}

/** Makes `socket.read` skip the 100 Continue blocks that start a reply. */
export function skipInterimContinue(socket: Socket): void {
  let atReplyStart = false;
  let pending: Buffer | null = null;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (startsRequest(args[0])) atReplyStart = true;
    return write(...args);
  }) as Socket['write'];
  const read = socket.read.bind(socket);
  socket.read = ((size?: number) => {
    if (!atReplyStart) return read(size);
    for (;;) {
      const chunk = read(size) as Buffer | null;
      if (chunk === null) return null;
      pending = pending === null ? chunk : Buffer.concat([pending, chunk]);
      const told = dropInterimContinue(pending);
      if (told === undefined) continue;
      pending = null;
      atReplyStart = false;
      return told.rest;
    }
  }) as Socket['read'];
  // Bytes still held when the connection ends (a reply cut before its status line was whole) are
  // no reply: undici says the connection closed before a complete one, as without this connector.
}

/** undici's own connector (as its Pool builds one) whose sockets skip unsolicited 100 Continues. */
export function continueTolerantConnector(timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (error !== null || socket === null) {
        callback(error ?? new Error('no socket'), null);
        return;
      }
      skipInterimContinue(socket);
      callback(null, socket);
    });
}
