/**
 * Where a refused connection went, when the URL names a host rather than an address (QA63):
 * `localhost` is 127.0.0.1 on one machine and ::1 first on another, and uvicorn, Flask and
 * `http.server` bind one family only (127.0.0.1 by default; `--host ::1` the other). "connection
 * refused at localhost:8000" with the server plainly running said nothing of which address was
 * tried; the message now names the addresses the name resolved to.
 */
import { isIP } from 'node:net';

/** ` on 127.0.0.1:8000` (or `on [::1]:8000 and 127.0.0.1:8000`), or '' for an IP literal or no address. */
export function refusedAddresses(cause: unknown, hostname: string | undefined): string {
  if (hostname === undefined || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return '';
  const tried: string[] = [];
  const errors = (cause as { errors?: unknown }).errors;
  for (const one of Array.isArray(errors) ? errors : [cause]) {
    const { address, port } = (one ?? {}) as { address?: unknown; port?: unknown };
    if (typeof address !== 'string') continue;
    const host = isIP(address) === 6 ? `[${address}]` : address;
    const where = typeof port === 'number' ? `${host}:${port}` : host;
    if (!tried.includes(where)) tried.push(where);
  }
  return tried.length === 0 ? '' : `; ${hostname} resolved to ${tried.join(' and ')}`;
}
