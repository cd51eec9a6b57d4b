/**
 * QA255: the mae `sse` transport undoes a Content-Encoding as the shared HTTP transport does
 * (README "Compression": gzip, deflate, br, SSE streams included): raw deflate under `deflate`
 * and a list of codings (`gzip, gzip`) are read, corrupt data is `invalid_json` naming the coding.
 * They were `transport_error` "Z_DATA_ERROR" and "evalc cannot undo Content-Encoding gzip, gzip".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';

const STREAM = `data: ${JSON.stringify({ action: 'final_answer', summary: 'Café – 日本 😀' })}\n\ndata: [DONE]\n\n`;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A loopback server sending `body` under `encoding`, one byte per write (a character cut in two). */
async function send(encoding: string, body: Buffer) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': encoding });
      for (let i = 0; i < body.length; i++) {
        res.write(body.subarray(i, i + 1));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
  const transport = new MaeSseTransport({ url, timeoutMs: 5_000, headers: {} });
  closers.push(() => transport.close());
  const reply = await transport.send(
    { task_description: 'T1' },
    { signal: new AbortController().signal, log: () => undefined },
  );
  return { reply, url };
}

const answer = { ok: true, reply: { action: 'final_answer', summary: 'Café – 日本 😀' } };

describe('mae sse: a Content-Encoding undone as over HTTP (QA255)', () => {
  it('reads raw deflate sent as deflate, and zlib-wrapped deflate as before', async () => {
    expect((await send('deflate', zlib.deflateRawSync(STREAM))).reply).toMatchObject(answer);
    expect((await send('deflate', zlib.deflateSync(STREAM))).reply).toMatchObject(answer);
  });

  it('undoes a list of codings, the last applied first', async () => {
    expect((await send('gzip, gzip', zlib.gzipSync(zlib.gzipSync(STREAM)))).reply).toMatchObject(answer);
    expect(
      (await send('deflate, br', zlib.brotliCompressSync(zlib.deflateRawSync(STREAM)))).reply,
    ).toMatchObject(answer);
    expect((await send('GZIP', zlib.gzipSync(STREAM))).reply).toMatchObject(answer);
  });

  it('names corrupt data by its coding, an invalid_json', async () => {
    const { reply, url } = await send(
      'gzip',
      Buffer.from(zlib.gzipSync(STREAM).subarray(0, 12).toString('latin1') + 'garbage', 'latin1'),
    );
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'invalid_json',
      message: `POST ${url}: reply is not readable (its gzip data is corrupt)`,
    });
    expect((await send('zstd', Buffer.from(STREAM))).reply).toMatchObject({
      ok: false,
      error: { kind: 'invalid_json' },
    });
  });
});
