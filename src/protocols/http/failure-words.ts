/**
 * Plain words for HTTP failures: where (`METHOD origin/path`, never the query string or
 * credentials) and what (a connection code in words, keeping the code for searching).
 */

import { codePointCut } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { refusedAddresses } from './refused-address.js';

/** The largest reply header block the transport accepts (undici's `maxHeaderSize`). */
export const MAX_HEADER_BYTES = 64 * 1024;

export function cancelledError(where: string): StepError {
  return { kind: 'cancelled', message: `${where}: cancelled`, retryable: false };
}

export function tooLarge(where: string, limit: number): StepError {
  return { kind: 'response_too_large', message: `${where}: reply exceeds ${limit} bytes`, retryable: false };
}

/** `METHOD origin/path` without query string or credentials. */
export function describeTarget(method: string, url: string): string {
  try {
    const parsed = new URL(url);
    return `${method} ${parsed.origin}${parsed.pathname}`;
  } catch {
    return `${method} <invalid url>`;
  }
}

/**
 * Why a body never ended, when the reply says how (QA63): without `Content-Length` or chunked
 * framing an HTTP/1.1 body ends only when the server closes the connection, which a keep-alive
 * handler (Python's `BaseHTTPRequestHandler` with `protocol_version = "HTTP/1.1"` that writes no
 * Content-Length) never does.
 */
export function unframedBodyHint(headers: Record<string, string>): string {
  if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return '';
  if (/\bclose\b/i.test(headers.connection ?? '')) return '';
  return ': the reply has no Content-Length and is not chunked, so it ends only when the server closes the connection — send a Content-Length header';
}

const TRUST_HINT = ' (trust its CA with NODE_EXTRA_CA_CERTS=<PEM file> in the environment)';

/** Plain words for the connection failures an agent causes, keeping the code for searching. */
const CONNECTION_CODES: Record<string, string> = {
  UND_ERR_SOCKET: 'the connection closed before a complete reply',
  ECONNRESET: 'the connection was reset',
  ECONNREFUSED: 'connection refused (nothing listening there)',
  EPIPE: 'the connection closed while sending the request',
  ENOTFOUND: 'host not found',
  // QA286: said bare (`…: EHOSTUNREACH`), so neither 'is the agent running at …?' (its match wants
  // `(CODE)`) nor a mae `sse` retry (turn-retry.ts `NOTHING_SENT`) saw a connection that reached no server
  EAI_AGAIN: 'host not found (the name lookup failed for now)',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  EADDRNOTAVAIL: 'the address cannot be reached from this machine',
  // a connector's own timeout (a remote dataset's download, a mae `sse` agent, the ready probe):
  // it was said bare, `…: UND_ERR_CONNECT_TIMEOUT` (QA307)
  UND_ERR_CONNECT_TIMEOUT:
    'the connection did not open in time (nothing answered the connect or the TLS handshake)',
  UND_ERR_HEADERS_OVERFLOW: `the reply's headers exceed ${MAX_HEADER_BYTES / 1024} KiB`,
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: "the reply's body does not match its Content-Length header",
  // TLS (QA9): a private agent's self-signed or internal-CA certificate is the common case
  DEPTH_ZERO_SELF_SIGNED_CERT: `the server's TLS certificate is self-signed${TRUST_HINT}`,
  SELF_SIGNED_CERT_IN_CHAIN: `the server's TLS certificate chain ends at an untrusted CA${TRUST_HINT}`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: `the server's TLS certificate is not signed by a trusted CA${TRUST_HINT}`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: `the server's TLS certificate is not signed by a trusted CA${TRUST_HINT}`,
  UNABLE_TO_GET_ISSUER_CERT: `the server's TLS certificate is not signed by a trusted CA${TRUST_HINT}`,
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate does not name this host",
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS on this port (http:// rather than https://?)',
  EPROTO: 'the TLS handshake failed (does the server speak TLS on this port?)',
};

/** A connection code in words, the code kept in parentheses for searching (shared with the mae socket transport). */
export function describeConnectionCode(code: string): string {
  const words = CONNECTION_CODES[code];
  return words === undefined ? code : `${words} (${code})`;
}

/**
 * A TLS trust failure's words without the NODE_EXTRA_CA_CERTS advice, for a caller that gives its
 * own hint (a remote dataset's download said Node's bare 'self-signed certificate', QA307).
 */
export function describeTrustFailure(code: string): string {
  return describeConnectionCode(code).replace(TRUST_HINT, '');
}

/** Plain words for a request that failed without a reply (shared with the mae SSE transport). */
export function describeFailure(cause: unknown, code: unknown, hostname?: string): string {
  const name = cause instanceof Error ? cause.name : undefined;
  const message = cause instanceof Error ? cause.message : '';
  if (name === 'HTTPParserError') {
    const suffix = typeof code === 'string' ? ` (${code})` : '';
    return `the reply is not valid HTTP/1.1: ${codePointCut(message, 200)}${suffix}`;
  }
  // undici's word for a reply it cannot use on this connection: bytes no request was waiting for
  // (a 100 Continue before a reply is skipped, interim-continue.ts)
  if (code === 'UND_ERR_SOCKET' && message === 'bad response') {
    return 'the reply is not a valid answer to this request (bytes no request was waiting for?) (UND_ERR_SOCKET)';
  }
  // a 101 Switching Protocols (or an Upgrade reply) to a request that asked for no upgrade
  if (code === 'UND_ERR_SOCKET' && message === 'bad upgrade') {
    return 'the reply switches protocols (101 Switching Protocols), which no request evalc sends asks for: is the url a WebSocket or other upgrade endpoint? (UND_ERR_SOCKET)';
  }
  if (code === 'ECONNREFUSED') {
    const tried = refusedAddresses(cause, hostname);
    if (tried !== '') return `connection refused (nothing listening there${tried}) (ECONNREFUSED)`;
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return connectTimeoutWords(/timeout: (\d+) ?ms/.exec(message)?.[1]);
  if (typeof code === 'string') return describeConnectionCode(code);
  return name ?? 'unknown error';
}

/**
 * A connection that did not open within `ms` (a TCP connect or a TLS handshake nothing answered),
 * in one set of words wherever it is said: undici's connect timeout (a remote dataset, a mae `sse`
 * agent) and an agent request's own timer that fired before its connection opened (QA323: that
 * read 'no reply within 2000 ms' over `http`, where a dataset said the connection did not open).
 */
export function connectTimeoutWords(ms: number | string | undefined): string {
  const when = ms === undefined ? 'in time' : `within ${ms} ms`;
  return `the connection did not open ${when} (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)`;
}
