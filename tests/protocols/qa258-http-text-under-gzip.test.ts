/**
 * QA258: an `http` agent's text/plain reply under `Content-Encoding: gzip` whose bytes are plain (a
 * proxy removed the compression but not the header) was invalid_json 'reply is not readable (its
 * gzip data is corrupt)', where plain JSON (bd2d39c4) and a plain stream (QA260) under the label are
 * read as is. It is the text document, as without the header (NDJSON too); gzip data that is
 * corrupt, and a reply to a caller that reads no text, are 'not readable' as before.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { askBytesReply } from '../fixtures/byte-reply.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

async function httpAgentReply(body: Buffer, headers: Record<string, string>) {
  const server = await startLoopback((req, res) => {
    req.resume();
    res.writeHead(200, headers);
    res.end(body);
  });
  cleanups.push(() => server.close());
  const adapter = createHttpAdapter(
    { protocol: 'http', url: `${server.url}/ask`, method: 'POST' },
    { transport: new HttpTransport({ timeoutMs: 2000, retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  return adapter.invoke({ q: 'x' }, testContext(AbortSignal.timeout(5_000)));
}

const gzipped = { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' };

describe('an http agent text reply, plain under a gzip label (QA258)', () => {
  it('is the text document, as without the header', async () => {
    const plain = await httpAgentReply(Buffer.from('Paris is plain'), gzipped);
    expect(plain).toMatchObject({ ok: true, trajectory: { response: 'Paris is plain' } });
    const lines = await httpAgentReply(Buffer.from('{"a": 1}\n{"a": 2}\n'), {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    });
    expect(lines).toMatchObject({ ok: true, trajectory: { response: [{ a: 1 }, { a: 2 }] } });
    const packed = await httpAgentReply(gzipSync('Paris packed'), gzipped);
    expect(packed).toMatchObject({ ok: true, trajectory: { response: 'Paris packed' } });
  });

  it('corrupt gzip data, or a caller that reads no text, is not readable as before', async () => {
    const corrupt = await httpAgentReply(
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
