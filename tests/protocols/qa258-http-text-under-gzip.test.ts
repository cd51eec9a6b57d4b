/**
 * QA258: an `http` agent's text/plain reply under `Content-Encoding: gzip` whose bytes are plain (a
 * proxy removed the compression but not the header) was invalid_json 'reply is not readable (its
 * gzip data is corrupt)', where plain JSON (bd2d39c4) and a plain stream (QA260) under the label are
 * read as is. It is the text document, as without the header (NDJSON too); gzip data that is
 * corrupt, and a reply to a caller that reads no text, are 'not readable' as before.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { askBytesReply } from '../fixtures/byte-reply.js';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

const gzipped = { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' };

describe('an http agent text reply, plain under a gzip label (QA258)', () => {
  it('is the text document, as without the header', async () => {
    const plain = await invokeHttpAgent(Buffer.from('Paris is plain'), gzipped);
    expect(plain).toMatchObject({ ok: true, trajectory: { response: 'Paris is plain' } });
    const lines = await invokeHttpAgent(Buffer.from('{"a": 1}\n{"a": 2}\n'), {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    });
    expect(lines).toMatchObject({ ok: true, trajectory: { response: [{ a: 1 }, { a: 2 }] } });
    const packed = await invokeHttpAgent(gzipSync('Paris packed'), gzipped);
    expect(packed).toMatchObject({ ok: true, trajectory: { response: 'Paris packed' } });
  });

  it('corrupt gzip data, or a caller that reads no text, is not readable as before', async () => {
    const corrupt = await invokeHttpAgent(
      Buffer.concat([gzipSync('Paris')].map((b) => b.subarray(0, 12))),
      gzipped,
    );
    expect(corrupt).toMatchObject({
      ok: false,
      error: { kind: 'invalid_json', message: expect.stringContaining('reply is not readable') },
    });
    const { outcome } = await askBytesReply(Buffer.from('Paris is plain'), gzipped, cleanups);
    expect(outcome).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining('reply is not readable'),
    });
  });
});
