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
