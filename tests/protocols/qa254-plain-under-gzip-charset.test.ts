/**
 * QA254: a 2xx JSON reply in Latin-1 whose Content-Type names its charset (iso-8859-1,
 * windows-1252) and whose Content-Encoding says gzip while its bytes are plain (a proxy that undid the
 * compression and kept the header) was read as UTF-8 and kept with U+FFFD for the é, 'A caf\uFFFD',
 * without a word: 3701896 checked it as a reply naming no charset. It is read in the charset named,
 * as the same reply without the header is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askBytesReply, CAFE_REPLY_JSON, type Cleanups } from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ask = (body: Buffer, contentType: string) =>
  askBytesReply(body, { 'content-type': contentType, 'content-encoding': 'gzip' }, cleanups);

const JSON_TEXT = CAFE_REPLY_JSON;

describe('plain bytes under Content-Encoding: gzip, a charset named (QA254)', () => {
  it.each(['iso-8859-1', 'windows-1252'])('charset=%s: read in it', async (charset) => {
    const { outcome } = await ask(Buffer.from(JSON_TEXT, 'latin1'), `application/json; charset=${charset}`);
    expect(outcome).toEqual({ output: { answer: 'A café' } });
  });

  it('no charset named: invalid_json naming the byte, as before', async () => {
    const { outcome } = await ask(Buffer.from(JSON_TEXT, 'latin1'), 'application/json');
    expect(outcome).toMatchObject({ kind: 'invalid_json', message: expect.stringContaining('byte 0xe9') });
  });
});
