/** Opens a TCP or unix socket connection with a timeout and abort; failures are values. */
import { statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { describeConnectionCode } from '../http/failure-words.js';
import { refusedAddresses } from '../http/refused-address.js';
import type { StepError } from '../types.js';
import { describeAddress, type SocketAddress } from './address.js';

export type ConnectResult = { ok: true; socket: Socket } | { ok: false; error: StepError };

export function connectSocket(
  address: SocketAddress,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ConnectResult> {
  const where = `socket agent ${describeAddress(address)}`;
  if (signal.aborted)
    return Promise.resolve({ ok: false, error: { kind: 'cancelled', message: `${where}: cancelled` } });
  return new Promise<ConnectResult>((resolve) => {
    const socket =
      address.kind === 'tcp'
        ? connect({ host: address.host, port: address.port })
        : connect({ path: address.path });
    const finish = (result: ConnectResult) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.off('connect', onConnect);
      socket.off('error', onError);
      if (!result.ok) socket.destroy();
      resolve(result);
    };
    const onConnect = () => finish({ ok: true, socket });
    const onError = (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        error: {
          kind: 'transport_error',
          message: `${where}: ${connectFailure(address, error)}`,
          retryable: true,
        },
      });
    const onAbort = () => finish({ ok: false, error: { kind: 'cancelled', message: `${where}: cancelled` } });
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          error: {
            kind: 'timeout',
            message: `${where}: no connection within ${timeoutMs} ms`,
            retryable: true,
          },
        }),
      timeoutMs,
    );
    socket.once('connect', onConnect);
    socket.once('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A refused or missing socket in words, the code kept for searching (as the HTTP transport says
 * `connection refused (nothing listening there) (ECONNREFUSED)`; QA97: a unix socket's said only `ENOENT`).
 */
function connectFailure(address: SocketAddress, error: NodeJS.ErrnoException): string {
  const code = error.code;
  if (code === 'ENOENT' && address.kind === 'unix' && Buffer.byteLength(address.path) > UNIX_PATH_BYTES)
    return pathTooLong(address.path);
  if (code === 'ENOENT' && address.kind === 'unix')
    return 'no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)';
  // QA305: said as bare codes, `unix:./agent.log/agent.sock: ENOTDIR`, a loop of links `: ELOOP`
  if (code === 'ENOTDIR' && address.kind === 'unix')
    return 'a folder of that path is a file, not a folder: is it the path the agent listens on? (ENOTDIR)';
  if (code === 'ELOOP' && address.kind === 'unix')
    return 'that path is a loop of links, naming no socket: is it the path the agent listens on? (ELOOP)';
  if (code === 'ECONNREFUSED')
    return address.kind === 'unix'
      ? `connection refused (${unixRefusal(address.path)}) (ECONNREFUSED)`
      : // a refused `localhost` names the addresses it resolved to, as over `http` and `sse` (QA286, QA63)
        `connection refused (nothing listening there${refusedAddresses(error, address.host)}) (ECONNREFUSED)`;
  // as over HTTP (QA281: `tcp:agent:7000: ENOTFOUND`, with no words and no 'is the agent running';
  // QA286: EAI_AGAIN, EHOSTUNREACH, ENETUNREACH alike)
  return code === undefined ? error.message : describeConnectionCode(code);
}

/**
 * Why a unix path refused: a file that is no socket (the address names the agent's log, its script,
 * a folder: QA295, 'the socket file exists … left by an agent that exited?' of a regular file), else
 * a socket file nothing listens on.
 */
function unixRefusal(where: string): string {
  let kind: string | undefined;
  try {
    // What a link names (QA302: a link to the agent's log was said a socket file left behind).
    const stat = statSync(where);
    if (!stat.isSocket()) kind = stat.isDirectory() ? 'a folder' : 'a file';
  } catch {
    // gone since: said as a socket file left behind
  }
  return kind === undefined
    ? 'the socket file exists but nothing listens on it: left by an agent that exited?'
    : `that path is ${kind}, not a socket: is it the path the agent listens on?`;
}

/** The bytes of a unix socket path the OS keeps (sun_path less its NUL: 108 on Linux, 104 elsewhere). */
const UNIX_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/**
 * A unix path over the OS limit: Node cuts it to its first bytes, where no socket is, and an agent
 * binding it whole fails (Python: 'AF_UNIX path too long'). QA323: it read 'no socket at that path
 * (nothing listening there: is the agent started …?) (ENOENT)', with no word of the length.
 */
function pathTooLong(path: string): string {
  const os = process.platform === 'linux' ? 'Linux' : 'this system';
  return `the socket path is ${Buffer.byteLength(path)} bytes, over the ${UNIX_PATH_BYTES} a unix socket path holds on ${os}: it was cut to its first ${UNIX_PATH_BYTES}, where no socket is (an agent binding it whole fails; Python says 'AF_UNIX path too long'): use a shorter path, e.g. under /tmp (ENOENT)`;
}
