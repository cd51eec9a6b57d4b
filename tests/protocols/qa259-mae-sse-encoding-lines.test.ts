/**
 * QA259: a Content-Encoding sent on two header lines (`Content-Encoding: gzip` twice) is one list
 * of codings (RFC 9110 §5.3), as the shared HTTP transport reads it (flattenHeaders joins them).
 * The mae `sse` transport undid the first line only, so a stream gzipped twice read
 * `invalid_json` "reply is not UTF-8 (byte 0x8b)", the gzip data it left as it was (the case next
 * to QA255's `gzip, gzip` on one line).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';

const STREAM = `data: ${JSON.stringify({ action: 'final_answer', summary: 'Café' })}\n\ndata: [DONE]\n\n`;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function send(encoding: string[], body: Buffer) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      // setHeader takes a list: one `Content-Encoding` header line per item.
      res.setHeader('content-encoding', encoding);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
  const transport = new MaeSseTransport({ url, timeoutMs: 5_000, headers: {} });
  closers.push(() => transport.close());
  return transport.send(
    { task_description: 'T1' },
    { signal: new AbortController().signal, log: () => undefined },
  );
}

describe('mae sse: Content-Encoding on two header lines (QA259)', () => {
  it('undoes both, the last first, as one line listing them', async () => {
    const reply = await send(['deflate', 'gzip'], zlib.gzipSync(zlib.deflateSync(STREAM)));
    expect(reply).toMatchObject({ ok: true, reply: { action: 'final_answer', summary: 'Café' } });
  });

  it('names a coding it cannot undo by the whole list', async () => {
    const reply = await send(['gzip', 'zstd'], Buffer.from(STREAM));
    expect(reply.ok ? '' : reply.error.message).toMatch(/evalc cannot undo Content-Encoding gzip, zstd$/);
  });
});
