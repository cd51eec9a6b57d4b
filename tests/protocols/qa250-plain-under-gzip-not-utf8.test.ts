/**
 * QA250: a 2xx JSON reply in Latin-1 whose Content-Encoding says gzip while its bytes are plain (a
 * proxy that undid the compression and kept the header: evalc reads such bytes as they came) was
 * kept with U+FFFD for the é ('A caf\uFFFD'), cached as the answer without a word: QA244 checked
 * the bytes a gzip was undone to, not these. It is invalid_json naming the byte, as a plain reply
 * is; plain UTF-8 under such a header is read as it is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askBytesReply, CAFE_REPLY_JSON, type Cleanups } from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ask = (body: Buffer) =>
  askBytesReply(body, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, cleanups);

const JSON_TEXT = CAFE_REPLY_JSON;

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
