/**
 * QA265: a byte order mark on a mae `sse` stream wins over the declared charset, as it does on an
 * openai stream and a JSON reply read whole (decode-body.ts, WHATWG "decode"). A UTF-16 stream with
 * its BOM and no charset failed invalid_json 'reply is not UTF-8 (byte 0xff at offset 0)', and a
 * UTF-8 BOM before a stream labelled iso-8859-1 was read 'ï»¿data: …', its first event lost
 * (unknown_action 'reply has no action'), where the openai reader read both. Real loopback servers,
 * the mae stream written a byte at a time and 7 at a time (the BOM cut across reads).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Cleanups,
  maeCafeStream,
  openAiCafeStream,
  streamMaeSseBytes,
  streamOpenAiBytes,
} from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const utf16be = (text: Buffer) => Buffer.from(text).swap16();

describe('event streams: a byte order mark wins, on both readers (QA265)', () => {
  it.each([
    ['UTF-16LE BOM, no charset', 'text/event-stream', UTF16LE_BOM, 'utf16le', false],
    ['UTF-16BE BOM, no charset', 'text/event-stream', Buffer.from([0xfe, 0xff]), 'utf16le', true],
    ['UTF-8 BOM, labelled iso-8859-1', 'text/event-stream; charset=iso-8859-1', UTF8_BOM, 'utf8', false],
    ['UTF-16LE BOM, labelled utf-8', 'text/event-stream; charset=utf-8', UTF16LE_BOM, 'utf16le', false],
  ] as const)('%s', async (_name, contentType, bom, encoding, swap) => {
    const headers = { 'content-type': contentType };
    const text = (body: Buffer) => Buffer.concat([bom, swap ? utf16be(body) : body]);
    for (const pieces of [1, 7]) {
      const mae = await streamMaeSseBytes(text(maeCafeStream(encoding)), headers, cleanups, pieces);
      expect(mae.error ?? mae.summary).toBe('A café');
    }
    const openai = await streamOpenAiBytes(text(openAiCafeStream(encoding)), headers, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('no BOM: the declared charset, else UTF-8 checked, as before', async () => {
    const latin = await streamMaeSseBytes(
      maeCafeStream('latin1'),
      { 'content-type': 'text/event-stream; charset=iso-8859-1' },
      cleanups,
    );
    expect(latin.error ?? latin.summary).toBe('A café');
    const plain = await streamMaeSseBytes(
      maeCafeStream('latin1'),
      { 'content-type': 'text/event-stream' },
      cleanups,
    );
    expect(plain.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining('byte 0xe9'),
    });
    // a body shorter than a BOM, begun as a UTF-8 one: read as UTF-8, its byte named
    const short = await streamMaeSseBytes(
      Buffer.from([0xef]),
      { 'content-type': 'text/event-stream' },
      cleanups,
    );
    expect(short.error).toMatchObject({ kind: 'invalid_json' });
  });
});
