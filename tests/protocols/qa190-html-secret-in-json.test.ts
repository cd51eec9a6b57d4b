/**
 * QA190: a secret with a `\` and an HTML-special character (`tok/li+ve=01&23"45\6789`), quoted by
 * an HTML snippet an agent returns inside a JSON string (`{"html": "…tok/li+ve=01&amp;23&quot;45\\6789…"}`),
 * is masked in the reply's raw text too: its HTML form, JSON-escaped there (`\` doubled), was no
 * spelling of the secret, so the parsed value was masked but the text a cut reply's
 * transport_error quotes ('…&quot;45\\6789') kept it in the open. Real loopback server.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const SECRET = 'tok/li+ve=01&23"45\\6789';
const HTML = SECRET.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sendCloseDelimited(res: ServerResponse, body: string): void {
  res.removeHeader('transfer-encoding');
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  res.end(body);
}

describe('a secret HTML-escaped inside a JSON string (QA190)', () => {
  it('is masked in a cut reply quoted in its transport_error', async () => {
    const whole = JSON.stringify({ html: `<p>key ${HTML}</p>`, more: 'x' });
    const body = whole.slice(0, whole.indexOf('</p>') + 4); // cut after the secret, before the end
    const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000, headers: { 'x-key': SECRET } });
    cleanups.push(() => transport.close());
    const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
    expect(reply.ok ? undefined : reply.error.kind).toBe('transport_error');
    expect(reply.text).toBe('{"html":"<p>key [redacted]</p>');
    expect(JSON.stringify(reply)).not.toContain('45\\\\');
  });
});
