/**
 * QA40: a remote dataset's download had no size limit. A server streaming without end (within the
 * 120 s deadline, on a fast link) or a small gzip bomb grew evalc's memory until the process died.
 * The download and its decoded bytes are capped (at 512 MiB: a dataset's text must fit one
 * JavaScript string anyway; tests pass a smaller cap), and exceeding it is an error naming it.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDataset } from '../../src/compiler/dataset-fetch.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';

const bomb = gzipSync(Buffer.alloc(8 * 2 ** 20, 0x61)); // 8 MiB of "a" in a few KB

describe('the size of a remote dataset (QA40)', () => {
  let server: Loopback;
  beforeAll(async () => {
    server = await startLoopback((req, res) => {
      if (req.url === '/endless.jsonl') {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        const line = Buffer.from(`${JSON.stringify({ id: 'x', vars: { q: 'y'.repeat(1000) } })}\n`);
        const pump = () => {
          while (res.write(line)) {}
        };
        res.on('drain', pump);
        pump();
      } else if (req.url === '/bomb.jsonl') {
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' });
        res.end(bomb);
      } else {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.end('{"id":"a","vars":{"q":"x"}}\n');
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stops a download that grows past the cap', async () => {
    const r = await fetchDataset(`${server.url}/endless.jsonl`, { maxBytes: 2 ** 20, deadlineMs: 20_000 });
    expect(r).toMatchObject({ ok: false, message: 'the reply is more than 1 MiB' });
  });

  it('stops a reply that decodes past the cap', async () => {
    expect(bomb.length).toBeLessThan(2 ** 20);
    const r = await fetchDataset(`${server.url}/bomb.jsonl`, { maxBytes: 2 ** 20, deadlineMs: 20_000 });
    expect(r).toMatchObject({ ok: false, message: 'the reply decodes (gzip) to more than 1 MiB' });
  });

  it('reads a dataset under the cap', async () => {
    const r = await fetchDataset(`${server.url}/small.jsonl`, { maxBytes: 2 ** 20 });
    expect(r.ok && r.status === 200 && r.bytes.toString()).toBe('{"id":"a","vars":{"q":"x"}}\n');
  });
});
