/**
 * Socket addresses of the `socket` transport: `tcp:host:port`, `host:port`, `[::1]:port`,
 * `unix:path`, or a bare path (contains `/` or ends in `.sock`). URL forms are read too:
 * `tcp://host:port`, `socket://host:port` (AgentV's documented form), `unix:///abs/path` or
 * `unix://rel/path`; any other `scheme://` is an error (not a relative path). A relative unix
 * path is resolved against the plan folder.
 */
import { isAbsolute, resolve } from 'node:path';

export type SocketAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'unix'; path: string };

export type AddressParse = { ok: true; address: SocketAddress } | { ok: false; message: string };

export function parseSocketAddress(text: string, cwd: string): AddressParse {
  const value = text.trim();
  if (value.startsWith('unix://')) return unixAddress(value.slice('unix://'.length), cwd);
  if (value.startsWith('unix:')) return unixAddress(value.slice('unix:'.length), cwd);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'tcp' && scheme !== 'socket')
    return {
      ok: false,
      message: `socket address ${value}: ${scheme}:// is not a socket address (use host:port, tcp://host:port or unix:path)`,
    };
  const tcp =
    scheme !== undefined
      ? value.slice(scheme.length + 3).replace(/\/$/, '')
      : value.startsWith('tcp:')
        ? value.slice('tcp:'.length)
        : value;
  const match = /^(?:\[([^\]]+)\]|([^:/\s]+)):(\d{1,5})$/.exec(tcp);
  if (match) {
    const port = Number(match[3]);
    if (port < 1 || port > 65535) return { ok: false, message: `socket address ${value}: port out of range` };
    return { ok: true, address: { kind: 'tcp', host: match[1] ?? match[2] ?? '', port } };
  }
  if (value.startsWith('tcp:') || scheme !== undefined)
    return { ok: false, message: `socket address ${value}: expected tcp:<host>:<port>` };
  if (value.includes('/') || value.endsWith('.sock')) return unixAddress(value, cwd);
  return {
    ok: false,
    message: `socket address ${JSON.stringify(value)}: expected host:port, tcp:host:port, unix:path or a path`,
  };
}

function unixAddress(path: string, cwd: string): AddressParse {
  if (path === '') return { ok: false, message: 'socket address unix: needs a path' };
  return { ok: true, address: { kind: 'unix', path: isAbsolute(path) ? path : resolve(cwd, path) } };
}

/** `tcp:host:port` (an IPv6 host in brackets, `tcp:[::1]:7000`: QA286, it read `tcp:::1:7000`) or `unix:path`. */
export function describeAddress(address: SocketAddress): string {
  if (address.kind === 'unix') return `unix:${address.path}`;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `tcp:${host}:${address.port}`;
}
