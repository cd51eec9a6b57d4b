/**
 * QA237: an agent's 2xx JSON reply whose bytes are not UTF-8 (Latin-1 written by the agent, with no
 * charset named, or one naming utf-8) was read with U+FFFD in place of those bytes and kept as the
 * answer ('A caf\uFFFD'), cached, without a word. It is `invalid_json` naming the byte and the way
 * out; a charset named (iso-8859-1) is still honoured, and a U+FFFD the agent sent as UTF-8 is kept.
 * A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ask(body: Buffer, contentType: string) {
  const loopback = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  });
  cleanups.push(() => loopback.close());
  const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
  cleanups.push(() => transport.close());
  return {
    url: `${loopback.url}/invoke`,
    reply: await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} }),
  };
}

const LATIN1 = Buffer.from('{"output": {"answer": "A café"}}', 'latin1');

describe('a reply whose bytes are not UTF-8 (QA237)', () => {
  it.each([
    ['no charset', 'application/json', 'its Content-Type names no charset'],
    ['charset=utf-8', 'application/json; charset=utf-8', 'its Content-Type says utf-8'],
  ])('%s: invalid_json naming the byte and the charset to name', async (_what, contentType, said) => {
    const { url, reply } = await ask(LATIN1, contentType);
    expect(reply.ok ? reply.body : reply.error).toEqual({
      kind: 'invalid_json',
      message:
        `POST ${url}: reply is not UTF-8 (byte 0xe9 at offset 28; ${said}): send UTF-8, or name the charset ` +
        'the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1',
      retryable: false,
    });
  });

  it('a charset named is honoured', async () => {
    const { reply } = await ask(LATIN1, 'application/json; charset=iso-8859-1');
    expect(reply.ok ? reply.body : reply.error).toEqual({ output: { answer: 'A café' } });
  });

  it('a U+FFFD sent as UTF-8 is the agent’s own, kept', async () => {
    const { reply } = await ask(Buffer.from('{"output": {"answer": "A caf\uFFFD"}}'), 'application/json');
    expect(reply.ok ? reply.body : reply.error).toEqual({ output: { answer: 'A caf\uFFFD' } });
  });
});
