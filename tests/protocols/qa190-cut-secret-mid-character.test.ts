/**
 * QA190 (the case next to QA185's c8750ab and f23ae51): a reply cut in the middle of the UTF-8
 * bytes of a secret's non-ASCII character (an agent echoing its `x-key: päss-wörd-…`, the close or
 * a crash landing inside `ö`) decodes to the secret's head and one U+FFFD. The head was looked for
 * at the very end only, found none behind the U+FFFD, and stood in the open: `'{"echo": "päss-w�'`
 * in the transport_error of every report and the step cache. A head before one U+FFFD is masked with it.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/plan/secrets.js';
import { errorWithServerSaid } from '../../src/protocols/http/server-said.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const SECRET = 'päss-wörd-1234567-xyz';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Writes `body` without a Content-Length, then closes: the close ends the body. */
function sendCloseDelimited(res: ServerResponse, body: Buffer): void {
  res.removeHeader('transfer-encoding');
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  res.write(body);
  res.end();
}

describe('a reply cut inside the UTF-8 bytes of an echoed secret (QA190)', () => {
  it('masks the head before the half character, at every byte of the secret', async () => {
    const full = Buffer.from(`{"output": {"echo": "${SECRET}", "answer": "ok"}}`);
    const from = full.indexOf(Buffer.from(SECRET));
    let body = full;
    const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000, headers: { 'x-key': SECRET } });
    cleanups.push(() => transport.close());
    // from `päss` (its 4 characters, 5 bytes) to one byte short of the whole
    for (let cut = from + 5; cut < from + Buffer.byteLength(SECRET); cut++) {
      body = full.subarray(0, cut);
      const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
      expect(reply.ok ? undefined : reply.error.kind, String(cut)).toBe('transport_error');
      const seen = JSON.stringify(reply);
      expect(seen, String(cut)).not.toContain('päss');
      expect(reply.text, String(cut)).toBe('{"output": {"echo": "[redacted]');
    }
  });

  it('masks a head before a U+FFFD and a quote’s …, as a crashed agent’s stdout reads', () => {
    expect(scrubSecrets('what came of it: {"summary": "päss-w\uFFFD…', [SECRET])).toBe(
      'what came of it: {"summary": "***…',
    );
    // a U+FFFD after no secret head stays
    expect(scrubSecrets('x caf\uFFFD…', [SECRET])).toBe('x caf\uFFFD…');
  });
});

describe('the size of a cut reply that held a secret (QA190)', () => {
  it('counts the bytes that came, not those of the quote with the secret masked', async () => {
    const TOKEN = 'sk-live-0123456789abcdefghijklmnop';
    const body = Buffer.from(`{"answer": "key ${TOKEN} and more`);
    const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000, headers: { 'x-key': TOKEN } });
    cleanups.push(() => transport.close());
    const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
    const message = reply.ok ? '' : reply.error.message;
    expect(message).toContain(`no Content-Length: ${body.length} bytes of JSON that ends unfinished`);
    expect(message).toContain(`'{"answer": "key [redacted] and more'`);
  });
});

describe('an error reply the close cut in the middle of an echoed secret (QA190)', () => {
  it.each([500, 422])(
    'HTTP %i: the head the close cut through is masked in the quote of what the server said',
    async (status) => {
      const TOKEN = 'sk-live-0123456789abcdefghijklmnop';
      const body = `{"detail": "bad token Bearer ${TOKEN.slice(0, 20)}`;
      const loopback = await startLoopback((_req, res) => {
        res.removeHeader('transfer-encoding');
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
        res.end(body);
      });
      cleanups.push(() => loopback.close());
      const transport = new HttpTransport({
        retries: 0,
        timeoutMs: 5000,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      cleanups.push(() => transport.close());
      const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
      if (reply.ok) throw new Error('expected a failure');
      const error = errorWithServerSaid(reply);
      expect(error.kind).toBe(`http_${status}`);
      expect(error.message).toBe(
        `POST ${loopback.url}/invoke: HTTP ${status}: {"detail": "bad token [redacted]`,
      );
      expect(JSON.stringify(reply)).not.toContain(TOKEN.slice(0, 8));
    },
  );
});
