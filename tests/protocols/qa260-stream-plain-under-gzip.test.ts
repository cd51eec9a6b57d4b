/**
 * QA260: a plain (uncompressed) event stream under `Content-Encoding: gzip` (a proxy that removed the
 * compression but not the header) failed "reply is not readable (its gzip data is corrupt)" on both
 * stream readers (openai `stream: true`, mae `sse`), while plain JSON under the same label is read as
 * is. Bytes without gzip's magic bytes that begin as an event stream are now read as is by both;
 * gzip data and bytes that are neither are read as before. Real loopback servers.
 */
import zlib from 'node:zlib';
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

const STREAM = 'text/event-stream';

describe('event streams: a plain stream under a gzip label is read as is (QA260)', () => {
  it.each(['gzip', 'x-gzip', 'GZIP'])('Content-Encoding: %s', async (encoding) => {
    const headers = { 'content-type': STREAM, 'content-encoding': encoding };
    // a byte at a time: the first bytes alone cannot tell
    const mae = await streamMaeSseBytes(maeCafeStream('utf8'), headers, cleanups);
    expect(mae.error ?? mae.summary).toBe('A café');
    const openai = await streamOpenAiBytes(openAiCafeStream('utf8'), headers, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('a stream opening with a comment line or blank lines, in one write', async () => {
    const headers = { 'content-type': STREAM, 'content-encoding': 'gzip' };
    const body = Buffer.concat([Buffer.from('\n: keep-alive\n\n'), maeCafeStream('utf8')]);
    const mae = await streamMaeSseBytes(body, headers, cleanups, body.length);
    expect(mae.error ?? mae.summary).toBe('A café');
    const openai = await streamOpenAiBytes(
      Buffer.concat([Buffer.from(': keep-alive\n\n'), openAiCafeStream('utf8')]),
      headers,
      cleanups,
    );
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('read as is, its bytes are still checked (not UTF-8 with no charset) and read in a named charset', async () => {
    const latin = { 'content-type': STREAM, 'content-encoding': 'gzip' };
    const mae = await streamMaeSseBytes(maeCafeStream('latin1'), latin, cleanups);
    expect(mae.error?.message).toContain('reply is not UTF-8 (byte 0xe9 at offset 50;');
    const named = { 'content-type': `${STREAM}; charset=iso-8859-1`, 'content-encoding': 'gzip' };
    const read = await streamMaeSseBytes(maeCafeStream('latin1'), named, cleanups);
    expect(read.error ?? read.summary).toBe('A café');
    const openai = await streamOpenAiBytes(openAiCafeStream('latin1'), named, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('gzip data is still undone, and bytes that are neither gzip nor a stream are still corrupt', async () => {
    const headers = { 'content-type': STREAM, 'content-encoding': 'gzip' };
    const mae = await streamMaeSseBytes(zlib.gzipSync(maeCafeStream('utf8')), headers, cleanups);
    expect(mae.error ?? mae.summary).toBe('A café');
    const openai = await streamOpenAiBytes(zlib.gzipSync(openAiCafeStream('utf8')), headers, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
    const garbage = Buffer.from('not gzip at all, nor a stream');
    const maeBad = await streamMaeSseBytes(garbage, headers, cleanups);
    expect(maeBad.error).toMatchObject({
      kind: 'invalid_json',
      message: `POST ${maeBad.url}: reply is not readable (its gzip data is corrupt)`,
    });
    const openaiBad = await streamOpenAiBytes(garbage, headers, cleanups);
    expect(openaiBad.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining('reply is not readable (its gzip data is corrupt)'),
    });
  });
});
