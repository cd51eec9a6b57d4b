/**
 * The default readiness of a `serve:` process without `ready:` (QA44): DESIGN §2 says evalc
 * "starts the agent and waits for it", but with neither `ready.url` nor `ready.line` it waited a
 * fixed 500 ms, so an agent that takes a second to start (a Python import, `npx tsx`) failed its
 * discovery with "connection refused". When the agent's (or judge's) own address is on loopback,
 * evalc now waits until that port accepts a TCP connection — no HTTP request, so no handler of the
 * agent runs before the first real call. Other addresses keep the short settle.
 */
import net from 'node:net';

export interface PortTarget {
  host: string;
  port: number;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/** The loopback host:port of an agent's `url` (http/https) or `address` (`host:port`), if any. */
export function loopbackTarget(address: string | undefined): PortTarget | undefined {
  if (address === undefined) return undefined;
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
    const socket = net.connect({ host: target.host, port: target.port });
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
  return target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
}
