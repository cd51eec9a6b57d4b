/**
 * QA250: a 2xx JSON reply in Latin-1 whose Content-Encoding says gzip while its bytes are plain (a
 * proxy that undid the compression and kept the header: evalc reads such bytes as they came) was
 * kept with U+FFFD for the é ('A caf\uFFFD'), cached as the answer without a word: QA244 checked
 * the bytes a gzip was undone to, not these. It is invalid_json naming the byte, as a plain reply
 * is; plain UTF-8 under such a header is read as it is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ask(body: Buffer) {
  const loopback = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(body);
  });
  cleanups.push(() => loopback.close());
  const transport = new HttpTransport({ retries: 0, timeoutMs: 5000 });
  cleanups.push(() => transport.close());
  const url = `${loopback.url}/invoke`;
  const reply = await transport.requestJson({ method: 'POST', url, body: {} });
  return { url, outcome: reply.ok ? reply.body : reply.error };
}

const JSON_TEXT = '{"output": {"answer": "A café"}}';

describe('plain bytes under Content-Encoding: gzip (QA250)', () => {
  it('Latin-1: invalid_json naming the byte', async () => {
    const { url, outcome } = await ask(Buffer.from(JSON_TEXT, 'latin1'));
    expect(outcome).toEqual({
      kind: 'invalid_json',
      message:
        `POST ${url}: reply is not UTF-8 (byte 0xe9 at offset 28; its Content-Type names no charset): ` +
        'send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1',
      retryable: false,
    });
  });

  it('UTF-8: read as it is', async () => {
    const { outcome } = await ask(Buffer.from(JSON_TEXT, 'utf8'));
    expect(outcome).toEqual({ output: { answer: 'A café' } });
  });
});
