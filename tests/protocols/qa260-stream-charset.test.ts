/**
 * QA260: the two event-stream readers agree on the charset. Under `Content-Type: text/event-stream;
 * charset=iso-8859-1` an openai stream read `A café` but a mae `sse` stream failed `invalid_json`
 * "reply is not UTF-8 (byte 0xe9)": a declared charset is now honoured by both (as on a JSON
 * reply). With none declared an event stream is UTF-8, and non-UTF-8 bytes fail on both with the
 * JSON reader's message: the byte, its offset and the hint to name the charset. Real loopback servers.
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

const notUtf8 = (offset: number, said: string) =>
  `reply is not UTF-8 (byte 0xe9 at offset ${offset}; ${said}): send UTF-8, or name the charset the agent writes, ` +
  'e.g. Content-Type: text/event-stream; charset=iso-8859-1';

describe('event streams: a declared charset is honoured by both readers (QA260)', () => {
  it.each([
    ['text/event-stream; charset=iso-8859-1', 'latin1'],
    ['text/event-stream; charset="ISO-8859-1"', 'latin1'],
    ['text/event-stream;charset=windows-1252', 'latin1'],
    ['text/event-stream; charset=utf-16le', 'utf16le'],
  ] as const)('%s', async (contentType, encoding) => {
    const headers = { 'content-type': contentType };
    // a byte at a time: a UTF-16 character is cut across reads
    const mae = await streamMaeSseBytes(maeCafeStream(encoding), headers, cleanups);
    expect(mae.error ?? mae.summary).toBe('A café');
    const mae2 = await streamMaeSseBytes(maeCafeStream(encoding), headers, cleanups, 7);
    expect(mae2.error ?? mae2.summary).toBe('A café');
    const openai = await streamOpenAiBytes(openAiCafeStream(encoding), headers, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('a stream under another Content-Type naming a charset is read in it too (mae sse reads it as a stream)', async () => {
    const mae = await streamMaeSseBytes(
      maeCafeStream('latin1'),
      { 'content-type': 'text/plain; charset=latin1' },
      cleanups,
    );
    expect(mae.error ?? mae.summary).toBe('A café');
  });
});

describe('event streams: with no charset, non-UTF-8 bytes fail alike on both readers (QA260)', () => {
  it('no charset: the byte, its offset and the hint', async () => {
    const headers = { 'content-type': 'text/event-stream' };
    const body = maeCafeStream('latin1');
    const mae = await streamMaeSseBytes(body, headers, cleanups);
    expect(mae.error).toMatchObject({
      kind: 'invalid_json',
      message: `POST ${mae.url}: ${notUtf8(body.indexOf(0xe9), 'its Content-Type names no charset')}`,
    });
    const stream = openAiCafeStream('latin1');
    const openai = await streamOpenAiBytes(stream, headers, cleanups);
    expect(openai.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining(notUtf8(stream.indexOf(0xe9), 'its Content-Type names no charset')),
    });
  });

  it('the offset counts the bytes before, a UTF-8 character cut across reads among them', async () => {
    const head = 'data: {"action": "final_answer", "summary": "5€ caf';
    const body = Buffer.concat([
      Buffer.from(head),
      Buffer.from([0xe9]),
      Buffer.from('"}\n\ndata: [DONE]\n\n'),
    ]);
    for (const pieces of [1, 2, 50]) {
      const mae = await streamMaeSseBytes(body, { 'content-type': 'text/event-stream' }, cleanups, pieces);
      expect([pieces, mae.error?.message]).toEqual([
        pieces,
        `POST ${mae.url}: ${notUtf8(Buffer.byteLength(head), 'its Content-Type names no charset')}`,
      ]);
    }
  });

  it('charset=utf-8 or one evalc does not know: said so, as on a JSON reply', async () => {
    const body = maeCafeStream('latin1');
    const at = body.indexOf(0xe9);
    const utf8 = await streamMaeSseBytes(
      body,
      { 'content-type': 'text/event-stream; charset=utf-8' },
      cleanups,
    );
    expect(utf8.error?.message).toBe(`POST ${utf8.url}: ${notUtf8(at, 'its Content-Type says utf-8')}`);
    const unknown = await streamMaeSseBytes(
      body,
      { 'content-type': 'text/event-stream; charset=latin-9x' },
      cleanups,
    );
    expect(unknown.error?.message).toBe(
      `POST ${unknown.url}: ${notUtf8(at, 'its Content-Type says latin-9x, a charset evalc does not know, so read as UTF-8')}`,
    );
  });

  it('a U+FFFD the agent sent as UTF-8 is its own, kept; UTF-8 cut byte by byte reads whole', async () => {
    const headers = { 'content-type': 'text/event-stream' };
    const own = Buffer.from(
      'data: {"action": "final_answer", "summary": "A caf\uFFFD – 日本 😀"}\n\ndata: [DONE]\n\n',
    );
    const mae = await streamMaeSseBytes(own, headers, cleanups);
    expect(mae.error ?? mae.summary).toBe('A caf\uFFFD – 日本 😀');
  });
});
