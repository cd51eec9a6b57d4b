/**
 * QA195 (the case next to 4ff96bd): a reply the connection's close cut inside a character's UTF-8
 * bytes is said to be as many bytes as came. The count was of the text decoded, where the half
 * character is one U+FFFD of 3 bytes: a cut of 27 or 28 bytes read 29. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a reply the close cut inside a character (QA195)', () => {
  it.each([
    ['no content-encoding', {}],
    ['content-encoding: identity (QA198)', { 'content-encoding': 'identity' }],
  ])('counts the bytes that came, not those of the text decoded: %s', async (_, encoding) => {
    const full = Buffer.from('{"answer": "naïve 秘密 🙂 end"}');
    const counts: string[] = [];
    for (const cut of [13, 15, 20, 21, 24, 27, 28, 29]) {
      const body = full.subarray(0, cut);
      const loopback = await startLoopback((_req, res) => {
        res.removeHeader('transfer-encoding');
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close', ...encoding });
        res.end(body);
      });
      cleanups.push(() => loopback.close());
      const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
      cleanups.push(() => transport.close());
      const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
      if (reply.ok) throw new Error('expected a failure');
      expect(reply.error.kind).toBe('transport_error');
      counts.push(/no Content-Length: (\d+) bytes/.exec(reply.error.message)?.[1] ?? reply.error.message);
    }
    expect(counts).toEqual(['13', '15', '20', '21', '24', '27', '28', '29']);
  });
});
