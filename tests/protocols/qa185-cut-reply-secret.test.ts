/**
 * QA185 (the case next to QA184's d074c95): an agent that echoes its request's authorization in its
 * reply, cut by the connection's close in the middle of that token (no Content-Length), fails a
 * retried `transport_error` whose message quotes the reply twice — its end (`'…Bearer sk-live-01…'`)
 * and, as every failed reply, its start — and both ended in the token's head, in the open: the
 * transport masked whole secrets only. The head the close cut through is masked now, as a secret
 * head before a quote's `…` is. Real loopback server; a whole echoed token stays `[redacted]`.
 * And the reply is quoted once: an agent's error appended its start again after the quote of its end.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { errorWithServerSaid } from '../../src/protocols/http/server-said.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const TOKEN = 'sk-live-0123456789abcdefghijklmnop';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Writes `body` without a Content-Length, then closes: the close ends the body. */
function sendCloseDelimited(res: ServerResponse, body: string): void {
  res.removeHeader('transfer-encoding');
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  res.write(body);
  res.end();
}

async function ask(body: string) {
  const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
  cleanups.push(() => loopback.close());
  const transport = new HttpTransport({
    retries: 0,
    timeoutMs: 5000,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  cleanups.push(() => transport.close());
  const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
  if (reply.ok) throw new Error('expected a failure');
  // what an adapter records: the error with what the server said appended
  return { error: errorWithServerSaid(reply), text: reply.text ?? '' };
}

describe('a reply the close cut in the middle of an echoed secret (QA185)', () => {
  it('quotes the reply with the head of the secret masked', async () => {
    const { error, text } = await ask(`{"output": {"echo": "Bearer ${TOKEN.slice(0, 20)}`);
    expect(error.kind).toBe('transport_error');
    expect(error.message).not.toContain(TOKEN.slice(0, 8));
    // the header's whole value is a secret too: its head here is "Bearer sk-live-…"
    expect(error.message).toMatch(/'\{"output": \{"echo": "\[redacted\]'\)$/);
    expect(text).toBe('{"output": {"echo": "[redacted]');
  });

  it('masks a whole echoed secret before the cut, and a head of under 4 characters is no head', async () => {
    const { error } = await ask(`{"output": {"echo": "Bearer ${TOKEN}", "more": "sk-`);
    expect(error.message).not.toContain(TOKEN.slice(0, 8));
    expect(error.message).toContain('"echo": "[redacted]", "more": "sk-\'');
  });
});

describe('an agent reply the close cut short (QA185)', () => {
  it('chat: is quoted once in the message, the body kept in details', async () => {
    const loopback = await startLoopback((_req, res) =>
      sendCloseDelimited(res, '{"messages": [{"role": "assi'),
    );
    cleanups.push(() => loopback.close());
    const adapter = createChatAdapter(
      { protocol: 'chat', url: `${loopback.url}/agent/respond` },
      { transport: new HttpTransport({ retries: 0, timeoutMs: 5000 }) },
    );
    cleanups.push(() => adapter.close());
    const outcome = await adapter.invoke('hi', testContext(new AbortController().signal));
    expect(outcome.ok ? undefined : outcome.error).toMatchObject({
      kind: 'transport_error',
      message: `POST ${loopback.url}/agent/respond: the connection closed in the middle of the reply (HTTP 200, no Content-Length: 28 bytes of JSON that ends unfinished, '{"messages": [{"role": "assi')`,
      details: { body: '{"messages": [{"role": "assi' },
    });
  });

  it('is quoted once, where it stopped', async () => {
    const loopback = await startLoopback((_req, res) =>
      sendCloseDelimited(res, '{"output": {"answer": "half of it'),
    );
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
    const adapter = createHttpAdapter(
      { protocol: 'http', method: 'POST', url: `${loopback.url}/ask` },
      { transport },
    );
    cleanups.push(() => adapter.close());
    const outcome = await adapter.invoke({ q: 1 }, testContext(new AbortController().signal));
    expect(outcome.ok ? undefined : outcome.error).toMatchObject({
      kind: 'transport_error',
      message: `POST ${loopback.url}/ask: the connection closed in the middle of the reply (HTTP 200, no Content-Length: 33 bytes of JSON that ends unfinished, '{"output": {"answer": "half of it')`,
    });
  });
});

describe('an NDJSON reply the close cut in its last line (QA185)', () => {
  it('is the retried transport_error, not an invalid_json kept like an answer', async () => {
    let calls = 0;
    const loopback = await startLoopback((_req, res) => {
      calls++;
      res.removeHeader('transfer-encoding');
      res.writeHead(200, { 'content-type': 'application/x-ndjson', connection: 'close' });
      res.write(calls === 1 ? '{"a":1}\n{"b":' : '{"a":1}\n{"b":2}\n');
      res.end();
    });
    cleanups.push(() => loopback.close());
    const ask = async (retries: number) => {
      const adapter = createHttpAdapter(
        { protocol: 'http', method: 'POST', url: `${loopback.url}/ask` },
        { transport: new HttpTransport({ retries, timeoutMs: 5000, random: () => 0 }) },
      );
      cleanups.push(() => adapter.close());
      return adapter.invoke({ q: 1 }, testContext(new AbortController().signal));
    };
    const cut = await ask(0);
    expect(cut.ok ? undefined : cut.error).toMatchObject({ kind: 'transport_error', retryable: true });
    expect(cut.ok ? '' : cut.error.message).toContain('the connection closed in the middle of the reply');
    calls = 0;
    const retried = await ask(1);
    expect(calls).toBe(2);
    expect(retried.ok ? retried.trajectory.response : undefined).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('the end of a cut reply, quoted (QA185)', () => {
  it('never begins with half of a character: an emoji 40 units from the end is left out whole', async () => {
    const body = `{"output": {"answer": "😀${'x'.repeat(39)}`;
    const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
    cleanups.push(() => loopback.close());
    const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
    cleanups.push(() => transport.close());
    const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
    const message = reply.ok ? '' : reply.error.message;
    expect(message).toContain(`'…${'x'.repeat(39)}')`);
    expect(message).not.toMatch(/[\udc00-\udfff]/u); // no lone second half
    expect(/(?:^|[^\ud800-\udbff])[\udc00-\udfff]/.test(message)).toBe(false);
  });
});

describe('a close-delimited body whose brackets do not match (QA185)', () => {
  it("is the server's malformed JSON, invalid_json, not a cut", async () => {
    for (const body of ['{"a": [1}', '{"a": 1}}', '[{"a": 1]']) {
      const loopback = await startLoopback((_req, res) => sendCloseDelimited(res, body));
      cleanups.push(() => loopback.close());
      const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
      cleanups.push(() => transport.close());
      const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
      expect(reply.ok ? undefined : reply.error, body).toMatchObject({
        kind: 'invalid_json',
        retryable: false,
      });
    }
  });
});
