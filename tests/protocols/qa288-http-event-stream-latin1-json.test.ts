/**
 * QA288 (f2bb34aa/555f70f9's case for a JSON body): an `http` agent's Latin-1 JSON reply labelled
 * text/event-stream (`{"answer":"café"}`) was hinted 'Content-Type: text/plain; charset=iso-8859-1
 * (an http agent reads no event stream: the text is its answer)', but a text/plain reply that is JSON
 * is parsed as JSON, not kept as its text. It is hinted application/json and told to send one JSON
 * reply; the hint, followed, reads the answer; a text that is not JSON keeps the text/plain hint.
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

const messageOf = async (text: string, contentType: string) => {
  const outcome = await reply(text, contentType);
  return outcome.ok ? undefined : outcome.error.message;
};

it('a Latin-1 JSON body labelled text/event-stream is hinted application/json', async () => {
  const json = '{"answer":"café"}';
  expect(await messageOf(json, 'text/event-stream')).toContain(
    'reply is not UTF-8 (byte 0xe9 at offset 14; its Content-Type names no charset): send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1 (an http agent reads no event stream: send one JSON reply)',
  );
  expect(await reply(json, 'application/json; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: { answer: 'café' } },
  });
});

it('a text that is not JSON keeps the text/plain hint', async () => {
  expect(await messageOf('data: café\n\n', 'text/event-stream')).toContain(
    'e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)',
  );
});
