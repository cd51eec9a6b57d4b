/**
 * QA278: an `http` agent's reply labelled text/event-stream in Latin-1 was hinted 'Content-Type:
 * text/event-stream; charset=iso-8859-1', a type the http agent (which reads no stream) then reads as
 * 'reply is not JSON: data: café' — the case next to 3d89992a's text/plain 'data: …'. It is hinted
 * text/plain, which reads it; openai still hints a stream's own type.
 */
import { afterEach, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

async function reply(text: string, contentType: string) {
  const server = await startLoopback((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': contentType });
    res.end(Buffer.from(text, 'latin1'));
  });
  cleanups.push(() => server.close());
  const adapter = createHttpAdapter(
    { protocol: 'http', url: `${server.url}/ask`, method: 'POST' },
    { transport: new HttpTransport({ timeoutMs: 2000, retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  return adapter.invoke({ q: 'x' }, testContext(AbortSignal.timeout(5_000)));
}

it('a Latin-1 reply labelled text/event-stream is hinted text/plain, which the http agent reads', async () => {
  const text = 'data: café\n\n';
  const outcome = await reply(text, 'text/event-stream');
  expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  if (outcome.ok) return;
  expect(outcome.error.message).toContain(
    'reply is not UTF-8 (byte 0xe9 at offset 9; its Content-Type names no charset): send UTF-8, or name the charset the agent writes, e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)',
  );
  // What the old hint offered is not read; what the new one offers is.
  const stream = await reply(text, 'text/event-stream; charset=iso-8859-1');
  expect(stream).toMatchObject({
    ok: false,
    error: { message: expect.stringContaining('reply is not JSON') },
  });
  expect(await reply(text, 'text/plain; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: text },
  });
});
