import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const opened: Loopback[] = [];
const transports: HttpTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A server answering its n-th request with `statuses[n]` (the last one repeats). */
async function answering(statuses: number[]): Promise<Loopback> {
  let n = 0;
  const server = await startLoopback((_req, res) => {
    const status = statuses[Math.min(n++, statuses.length - 1)]!;
    if (status === 429) res.setHeader('retry-after', '0');
    sendJson(res, status, { n });
  });
  opened.push(server);
  return server;
}

function transport(retries: number): HttpTransport {
  const t = new HttpTransport({ random: createRandom(3), retries });
  transports.push(t);
  return t;
}

describe('HttpTransport onReplyRead (the concurrency slot given on before the reply is parsed)', () => {
  it('is called once for a final 2xx reply, before the parsed reply is returned', async () => {
    const server = await answering([200]);
    const events: string[] = [];
    const reply = await transport(2)
      .requestJson({
        method: 'POST',
        url: `${server.url}/invoke`,
        body: { q: 1 },
        onReplyRead: () => events.push('read'),
      })
      .then((r) => {
        events.push('returned');
        return r;
      });
    expect(reply).toMatchObject({ ok: true, status: 200, body: { n: 1 } });
    expect(events).toEqual(['read', 'returned']);
  });

  it('is not called for a reply that is retried: only the final 2xx gives the slot on', async () => {
    const server = await answering([429, 500, 200]);
    let calls = 0;
    const reply = await transport(3).requestJson({
      method: 'POST',
      url: `${server.url}/invoke`,
      body: { q: 1 },
      onReplyRead: () => calls++,
    });
    expect(reply).toMatchObject({ ok: true, attempts: 3, body: { n: 3 } });
    expect(calls).toBe(1);
  });

  it('is not called for an error reply (the caller gives the slot back when the request returns)', async () => {
    const server = await answering([503]);
    let calls = 0;
    const reply = await transport(0).requestJson({
      method: 'POST',
      url: `${server.url}/invoke`,
      body: { q: 1 },
      onReplyRead: () => calls++,
    });
    expect(reply).toMatchObject({ ok: false, status: 503 });
    expect(calls).toBe(0);
  });

  it('is called for a 2xx reply that is not JSON, which then fails as invalid_json', async () => {
    const server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"output": ');
    });
    opened.push(server);
    let calls = 0;
    const reply = await transport(2).requestJson({
      method: 'POST',
      url: `${server.url}/invoke`,
      body: { q: 1 },
      onReplyRead: () => calls++,
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_json' }, attempts: 1 });
    expect(calls).toBe(1);
  });
});

describe('HttpTransport onReplyRead with failureIn2xx and its marker (a raip invoke)', () => {
  /** The order of the slot hand-off and the failureIn2xx check for one 2xx reply of `body` text. */
  async function order(body: string, headers: Record<string, string> = {}): Promise<string[]> {
    const server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(headers['content-encoding'] === 'gzip' ? gzipSync(body) : body);
    });
    opened.push(server);
    const events: string[] = [];
    const reply = await transport(0).requestJson({
      method: 'POST',
      url: `${server.url}/invoke`,
      body: { q: 1 },
      failureIn2xx: () => {
        events.push('checked');
        return undefined;
      },
      failureIn2xxMarker: '"error"',
      onReplyRead: () => events.push('read'),
    });
    expect(reply).toMatchObject({ ok: true, status: 200 });
    return events;
  }

  it('a reply without the marker gives its slot on as read, before the parse and the check (again after: idempotent callers)', async () => {
    expect(await order('{"output": {"answer": "A"}}')).toEqual(['read', 'checked', 'read']);
  });

  it('a reply holding the marker gives it on only after the check found no failure', async () => {
    expect(await order('{"output": {"answer": "no error"}, "note": {"error": null}}')).toEqual([
      'checked',
      'read',
    ]);
  });

  it('a compressed reply (its bytes hide the marker) waits for the check too', async () => {
    expect(await order('{"output": {"answer": "A"}}', { 'content-encoding': 'gzip' })).toEqual([
      'checked',
      'read',
    ]);
  });
});
