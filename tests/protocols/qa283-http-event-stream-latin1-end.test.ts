/**
 * QA283: an `http` agent's Latin-1 reply labelled text/event-stream whose last byte is the one that
 * is not UTF-8 ('data: café', ending in its é) read 'reply is not JSON: data: caf\uFFFD' with no word
 * of the charset: it was taken for a stream the close cut inside a character, where the same reply
 * ending in '\n\n' was hinted (f2bb34aa) and a text/plain one is never read as cut. The http agent
 * reads no stream: it is hinted text/plain, whichever byte it ends on, and the hint reads it.
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

const hint = (said: string) =>
  `reply is not UTF-8 (byte 0xe9 at offset 9; ${said}): send UTF-8, or name the charset the agent writes, e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)`;

it.each([
  ['text/event-stream', 'its Content-Type names no charset'],
  ['text/event-stream; charset=utf-8', 'its Content-Type says utf-8'],
])('a Latin-1 reply labelled %s ending in its é is hinted text/plain', async (contentType, said) => {
  const outcome = await reply('data: café', contentType);
  expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  if (outcome.ok) return;
  expect(outcome.error.message).toContain(hint(said));
  expect(await reply('data: café', 'text/plain; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: 'data: café' },
  });
});
