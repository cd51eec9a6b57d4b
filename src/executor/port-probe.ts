/**
 * The default readiness of a `serve:` process without `ready:` (QA44): DESIGN §2 says evalc
 * "starts the agent and waits for it", but with neither `ready.url` nor `ready.line` it waited a
 * fixed 500 ms, so an agent that takes a second to start (a Python import, `npx tsx`) failed its
 * discovery with "connection refused". When the agent's (or judge's) own address is on loopback,
 * evalc now waits until that port accepts a TCP connection — no HTTP request, so no handler of the
 * agent runs before the first real call. A `mae` socket agent's unix socket (`unix:path`, a bare
 * path) is awaited the same way (QA97: it got the 500 ms settle, and a Python agent still importing
 * failed its first example with `ENOENT`). Other addresses keep the short settle.
 */
import net from 'node:net';
import { parseSocketAddress } from '../protocols/mae/address.js';

export type PortTarget = { host: string; port: number } | { path: string };

/** `unix:path` / `unix://path`, or a bare path (no `:`, so never a URL or host:port). */
const UNIX_SOCKET = /^(unix:|[^:]*(\/|\.sock$))/i;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * The loopback host:port of an agent's `url` (http/https) or `address` (`host:port`), or the path of
 * its unix socket (`unix:path`, a bare path, resolved against `cwd` as the socket transport does), if any.
 */
export function loopbackTarget(address: string | undefined, cwd = process.cwd()): PortTarget | undefined {
  if (address === undefined) return undefined;
  if (UNIX_SOCKET.test(address)) {
    const socket = parseSocketAddress(address, cwd);
    if (socket.ok && socket.address.kind === 'unix') return { path: socket.address.path };
  }
  let url: URL;
  try {
    url = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `tcp://${address.replace(/^tcp:/i, '')}`,
    );
  } catch {
    return undefined;
  }
  if (!LOOPBACK.test(url.hostname)) return undefined;
  const port =
    url.port !== ''
      ? Number(url.port)
      : url.protocol === 'https:'
        ? 443
        : url.protocol === 'http:'
          ? 80
          : NaN;
  if (!Number.isInteger(port) || port <= 0) return undefined;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

/** Whether something accepts a TCP connection at `target` (closed at once). */
export function acceptsConnections(target: PortTarget, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = 'path' in target ? net.connect({ path: target.path }) : net.connect(target);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function describeTarget(target: PortTarget): string {
  if ('path' in target) return `unix:${target.path}`;
  return target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
}
