/**
 * A connector for undici's pools that reads past an unsolicited `100 Continue`.
 *
 * RFC 9110 §15.2: a client MUST be able to parse one or more 1xx responses received before the
 * final response, even if it did not expect one. undici parses other 1xx replies (103 Early Hints)
 * but destroys the connection on a 100 it did not ask for ('bad response'); evalc sends no
 * `Expect: 100-continue`, yet some servers and proxies answer every request with one first
 * (curl, Python's http.client and Node's http module skip it). So each socket's `read` — the one
 * way undici takes bytes from it — drops `HTTP/1.x 100 …\r\n…\r\n` blocks found where a reply
 * starts (right after a request line was written), among the interim replies before its status.
 */
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';
import { MAX_HEADER_BYTES } from './failure-words.js';

/** A 100 status line. */
const CONTINUE_LINE = /^HTTP\/1\.[01] 100(?:[ \r])/;
/** An interim status line undici reads itself (102 Processing, 103 Early Hints): kept; 101 is no interim reply. */
const INTERIM_LINE = /^HTTP\/1\.[01] 1(?!01)\d\d(?:[ \r])/;
/** Bytes enough to tell a status line's code (`HTTP/1.1 100 `). */
const STATUS_PREFIX = 13;
/** `1`, the status code's first digit, at its place in `HTTP/1.1 1xx`. */
const ONE = 0x31;

/** Whether `head`, shorter than STATUS_PREFIX, may still become an interim status line. */
function mayBeInterim(head: string): boolean {
  if (head.length <= 10) return ['HTTP/1.1 1', 'HTTP/1.0 1'].some((line) => line.startsWith(head));
  return /^HTTP\/1\.[01] 1/.test(head);
}

/**
 * Whether a write starts a request. undici writes a request's head as one latin1 string starting
 * `<method> <path> HTTP/1.1\r\n` (any method token: `patch`, `M-SEARCH`), its body as bytes, a
 * chunked body's framing as strings starting `\r\n`: so a body, whatever it holds (an agent input
 * that is itself an HTTP request), never counts, and a write is looked at only up to its first line.
 */
function startsRequest(chunk: unknown): boolean {
  if (typeof chunk !== 'string') return false;
  const eol = chunk.indexOf('\r\n');
  return eol > 9 && chunk.startsWith(' HTTP/1.1', eol - 9);
}

/**
 * What is left of `pending` once the 100 Continue blocks among the interim replies at its start
 * are dropped (a 102 or 103 before or after one is kept, in order), or `undefined` while it is
 * too short to tell (a block not yet whole, a status line not yet long enough). An interim block
 * undici would refuse is handed on as it is, for undici to say why as without this connector: one
 * ended by a bare-LF blank line ('Missing expected CR'), one longer than the header limit (headers
 * overflow) — waiting for a CRLF blank line there held the reply until the request timed out.
 */
export function dropInterimContinue(pending: Buffer): { rest: Buffer } | undefined {
  const kept: Buffer[] = [];
  let rest = pending;
  for (;;) {
    if (rest.length < STATUS_PREFIX) {
      // a reply cut by the network before `HTTP/1.1 1xx ` cannot be told yet
      if (mayBeInterim(rest.toString('latin1'))) return undefined;
      return { rest: Buffer.concat([...kept, rest]) };
    }
    if (rest[9] !== ONE) return { rest: Buffer.concat([...kept, rest]) };
    const line = rest.toString('latin1', 0, STATUS_PREFIX + 1);
    if (!INTERIM_LINE.test(line)) return { rest: Buffer.concat([...kept, rest]) };
    const end = rest.indexOf('\r\n\r\n');
    const bareLf = (end < 0 ? rest : rest.subarray(0, end)).indexOf('\n\n');
    if (bareLf >= 0 || (end < 0 && pending.length > MAX_HEADER_BYTES)) {
      return { rest: Buffer.concat([...kept, rest]) };
    }
    if (end < 0) return undefined;
    if (!CONTINUE_LINE.test(line)) kept.push(rest.subarray(0, end + 4));
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
      // most replies: a whole status line that is no 1xx, read as it is
      if (pending === null && chunk.length >= STATUS_PREFIX && chunk[9] !== ONE) {
        atReplyStart = false;
        return chunk;
      }
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

/**
 * undici's own connector (as its Pool builds one) whose sockets skip unsolicited 100 Continues.
 * `opening`: the sockets still connecting (a TCP connect or TLS handshake not done), for their
 * owner to destroy when it closes: a destroyed Pool leaves them to the connect timeout (QA336).
 */
export function continueTolerantConnector(
  timeoutMs: number,
  opening?: Set<Socket>,
): buildConnector.connector {
  // undici's connector returns the socket it opens (its type says void; a Pool ignores it)
  const connect = buildConnector({ timeout: timeoutMs }) as unknown as (
    ...args: Parameters<buildConnector.connector>
  ) => Socket | undefined;
  return (options, callback) => {
    let done = false;
    let socket: Socket | undefined;
    const opened = connect(options, (error, connected) => {
      done = true;
      if (socket !== undefined) opening?.delete(socket);
      if (error !== null || connected === null) {
        callback(error ?? new Error('no socket'), null);
        return;
      }
      skipInterimContinue(connected);
      callback(null, connected);
    });
    if (!done && opened !== undefined && opening !== undefined) {
      socket = opened;
      opening.add(socket);
    }
  };
}
