/**
 * QA301 (the case beside QA293's 87d979fb / ac9d85f8): a remote dataset served by a server or proxy
 * that answers an unsolicited `100 Continue` first failed validate, plan and apply with
 * 'EVALC_DATASET_FETCH: fetching … failed: bad response' (undici's word), though the agents'
 * transport and the ready probe read past it. Real loopback server.
 */
import { createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchDataset } from '../../src/compiler/dataset-fetch.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';

const opened: Loopback[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe('a remote dataset behind an unsolicited 100 Continue (QA301)', () => {
  it('is fetched', async () => {
    const text = '{"id":"r1","vars":{"q":"a"}}\n';
    const server = await startLoopback((_req, res) => {
      res.writeContinue();
      res.writeHead(200, { 'content-type': 'application/x-ndjson', etag: '"v1"' });
      res.end(text);
    });
    opened.push(server);
    const result = await fetchDataset(`${server.url}/d.jsonl`);
    expect(result.ok && result.status === 200 ? result.bytes.toString('utf8') : JSON.stringify(result)).toBe(
      text,
    );
  });
});

describe("a remote dataset's failed download in the agents' words (QA301)", () => {
  it('a refused connection and a protocol switch say what happened', async () => {
    const server = await startLoopback(() => undefined);
    const url = server.url;
    await server.close();
    const refused = await fetchDataset(`${url}/d.jsonl`);
    expect(refused.ok ? 'fetched' : refused.message).toBe(
      'connection refused (nothing listening there) (ECONNREFUSED)',
    );
    const upgrading = await startLoopback((_req, res) => {
      res.writeHead(101, { connection: 'upgrade', upgrade: 'websocket' });
      res.end();
    });
    opened.push(upgrading);
    const switched = await fetchDataset(`${upgrading.url}/d.jsonl`);
    expect(switched.ok ? 'fetched' : switched.message).toMatch(/^the reply switches protocols \(101/);
  });

  it('a reply that is not HTTP/1.1 says so', async () => {
    const raw = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\ncontent-length: 2\n\n{}'));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const address = raw.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const lf = await fetchDataset(`http://127.0.0.1:${address.port}/d.jsonl`);
    await new Promise<void>((resolve) => raw.close(() => resolve()));
    expect(lf.ok ? 'fetched' : lf.message).toMatch(
      /^the reply is not valid HTTP\/1\.1: .*Missing expected CR/,
    );
  });
});
