/**
 * Whether a served agent listens yet, without connecting to it (QA100). The readiness wait of
 * port-probe.ts (QA44, QA97) connected and closed at once; a MultiAgentEval socket agent written
 * from the seed ("the harness opens a persistent connection") accepts one connection and serves it
 * until it closes: the probe took that connection, the agent read EOF and exited, and every example
 * failed with transport_error. On Linux the kernel's socket tables say whether something listens:
 * `/proc/net/tcp{,6}` (state 0A) for a loopback port, `/proc/net/unix` (flag `__SO_ACCEPTCON`) for
 * a unix socket, whose file must also be new since the agent was started (a stale file of an
 * earlier run is not the agent). Elsewhere (no /proc) the caller connects as before. Used for a
 * socket agent's address only: an HTTP server's url keeps the connect (a docker port published
 * without the userland proxy is in no table of this namespace, yet accepts).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import type { PortTarget } from './port-probe.js';

/** A unix socket file as it was before the agent started (undefined: none there). */
export type SocketFileMark = string | undefined;

export function socketFileMark(target: PortTarget): SocketFileMark {
  if (!('path' in target)) return undefined;
  try {
    const st = statSync(target.path);
    return `${st.dev}:${st.ino}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** Whether something listens at `target` (true/false), or undefined where the tables cannot be read. */
export function listensAt(target: PortTarget, before: SocketFileMark): boolean | undefined {
  return 'path' in target ? unixListens(target.path, before) : tcpListens(target.host, target.port);
}

function table(file: string): string[] | undefined {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(1);
  } catch {
    return undefined;
  }
}

/** IPv4 127.x.x.x / 0.0.0.0, IPv6 ::1 / :: / ::ffff:127.x.x.x, as /proc/net/tcp{,6} writes them. */
function loopbackOrAny(hex: string): boolean {
  if (hex.length === 8) return hex === '00000000' || hex.endsWith('7F');
  return (
    /^0{32}$/.test(hex) ||
    hex === '00000000000000000000000001000000' ||
    (hex.startsWith('0000000000000000FFFF0000') && hex.endsWith('7F'))
  );
}

/** An IPv4 address as /proc/net/tcp writes it: its 32 bits in the host's byte order, in hex. */
function ipv4Hex(host: string): string | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const bytes = m.slice(1).map((b) => Number(b).toString(16).toUpperCase().padStart(2, '0'));
  return (LE ? bytes.reverse() : bytes).join('');
}

const LE = endianness() === 'LE';
const ANY6 = '0'.repeat(32);
const LOOPBACK6 = LE ? '00000000000000000000000001000000' : '00000000000000000000000000000001';
const MAPPED6 = LE ? '0000000000000000FFFF0000' : '00000000000000000000FFFF';

/**
 * Whether a listener bound to `hex` takes evalc's connection to `host`: an IPv4 address's own
 * (or any address, or its IPv4-mapped form), ::1's own (or ::); `localhost`, any loopback. Not
 * another loopback address: a dev server on [::1]:3000 is not an agent starting on
 * 127.0.0.1:3000, which evalc would then call before it listens (QA103).
 */
function servesHost(hex: string, host: string): boolean {
  const v4 = ipv4Hex(host);
  if (v4 !== undefined) return hex === v4 || hex === '00000000' || hex === ANY6 || hex === `${MAPPED6}${v4}`;
  if (host === '::1') return hex === LOOPBACK6 || hex === ANY6;
  return loopbackOrAny(hex);
}

function tcpListens(host: string, port: number): boolean | undefined {
  const rows = [table('/proc/net/tcp'), table('/proc/net/tcp6')];
  if (rows.every((r) => r === undefined)) return undefined;
  const want = port.toString(16).toUpperCase().padStart(4, '0');
  return rows.some((lines) =>
    (lines ?? []).some((line) => {
      const [, local, , state] = line.trim().split(/\s+/);
      const [addr, p] = (local ?? '').split(':');
      return state === '0A' && p === want && servesHost(addr ?? '', host);
    }),
  );
}

const SO_ACCEPTCON = 0x10000;

function unixListens(socketPath: string, before: SocketFileMark): boolean | undefined {
  let isNewSocket = false;
  try {
    const st = statSync(socketPath);
    isNewSocket = st.isSocket() && `${st.dev}:${st.ino}:${st.mtimeMs}` !== before;
  } catch {
    return false;
  }
  if (!isNewSocket) return false;
  const lines = table('/proc/net/unix');
  if (lines === undefined) return undefined;
  // The table names the path as the agent bound it (relative to its own folder, maybe; through a
  // symlink evalc's address points at, maybe): its last column, which may hold spaces (QA103).
  const names = new Set([path.basename(socketPath), path.basename(realPath(socketPath))]);
  return lines.some((line) => {
    const row = UNIX_ROW.exec(line);
    if (!row) return false;
    const flags = Number.parseInt(row[1] ?? '0', 16);
    return (flags & SO_ACCEPTCON) !== 0 && names.has(path.basename(row[2] ?? ''));
  });
}

/** `Num RefCount Protocol Flags Type St Inode Path`: the flags and the path (the rest of the line). */
const UNIX_ROW = /^\s*\S+\s+\S+\s+\S+\s+([0-9A-Fa-f]+)\s+\S+\s+\S+\s+\d+ (.+)$/;

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
