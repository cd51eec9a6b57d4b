/**
 * QA265: a plain event stream under `Content-Encoding: gzip` (a proxy removed the compression, not
 * the header) is read as is since QA260, told by its first bytes; one opening with a UTF-8 byte
 * order mark, which both readers read without the label, still failed 'reply is not readable (its
 * gzip data is corrupt)' on both (openai `stream: true`, mae `sse`). Real loopback servers.
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

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const headers = { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' };

describe('a plain stream with a UTF-8 BOM under a gzip label (QA265)', () => {
  it('is read as is by both readers, the mae one a byte at a time and whole', async () => {
    for (const pieces of [1, 1000]) {
      const mae = await streamMaeSseBytes(
        Buffer.concat([BOM, maeCafeStream('utf8')]),
        headers,
        cleanups,
        pieces,
      );
      expect(mae.error ?? mae.summary).toBe('A café');
    }
    const openai = await streamOpenAiBytes(Buffer.concat([BOM, openAiCafeStream('utf8')]), headers, cleanups);
    expect(openai.error ?? openai.content).toBe('A café');
  });

  it('gzip data, and a BOM before what is no stream, read as before', async () => {
    const gz = await streamMaeSseBytes(zlib.gzipSync(maeCafeStream('utf8')), headers, cleanups);
    expect(gz.error ?? gz.summary).toBe('A café');
    const neither = await streamMaeSseBytes(
      Buffer.concat([BOM, Buffer.from('hello there\n')]),
      headers,
      cleanups,
    );
    expect(neither.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining('its gzip data is corrupt'),
    });
  });
});
