/**
 * QA354: a0f25774 gives a raip reply's concurrency slot on as read, before the parse, when its bytes
 * lack `"error"` (failureIn2xxMarker). JSON may spell that key without those bytes: escaped,
 * `{"\u0065rror": {"code": 503}}`, or in UTF-16 (a charset or a byte order mark). Such a reply gave
 * its slot on, then the parse found the 503 and the transport sent the retry holding no slot: one
 * request more in flight than limits.concurrency. These replies now wait for the parse as a
 * compressed one does; a reply whose \u escapes spell none of the marker's letters still goes early.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { failureInInvoke } from '../../src/protocols/raip/status-in-body.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const OK = '{"output": {"answer": "A"}}';

/**
 * The events of one raip invoke whose first reply is `first` (its bytes, its headers) and whose
 * next ones are OK: `sent` as the agent receives a request, `read` as the slot is given on.
 */
async function events(first: Buffer | string, headers: Record<string, string> = {}): Promise<string[]> {
  const seen: string[] = [];
  let n = 0;
  const server: Loopback = await startLoopback((_req, res) => {
    seen.push('sent');
    n += 1;
    res.writeHead(200, n === 1 ? { 'content-type': 'application/json', ...headers } : {});
    res.end(n === 1 ? first : OK);
  });
  const transport = new HttpTransport({ random: createRandom(3), retries: 2 });
  cleanups.push(() => server.close());
  cleanups.push(() => transport.close());
  const url = `${server.url}/invoke`;
  const reply = await transport.requestJson({
    method: 'POST',
    url,
    body: { q: 1 },
    failureIn2xx: failureInInvoke(`POST ${url}`),
    failureIn2xxMarker: '"error"',
    onReplyRead: () => seen.push('read'),
  });
  expect(reply).toMatchObject({ ok: true, status: 200 });
  return seen;
}

describe('a raip 200 whose bytes spell "error" otherwise keeps its slot until the parse (QA354)', () => {
  it('an escaped key, {"\\u0065rror": {"code": 503}}, is retried before the slot is given on', async () => {
    const body = String.raw`{"\u0065rror": {"code": 503, "message": "upstream overloaded"}}`;
    expect(await events(body)).toEqual(['sent', 'sent', 'read', 'read']);
  });

  it('every letter escaped, upper-case hex, is too', async () => {
    const body = String.raw`{"\u0065\u0072\u0072\u006F\u0072": {"code": "502"}}`;
    expect(await events(body)).toEqual(['sent', 'sent', 'read', 'read']);
  });

  it('a UTF-16 reply (charset named) is too', async () => {
    const body = Buffer.from('{"error": {"code": 503}}', 'utf16le');
    expect(await events(body, { 'content-type': 'application/json; charset=utf-16le' })).toEqual([
      'sent',
      'sent',
      'read',
      'read',
    ]);
  });

  it('a UTF-16 reply read by its byte order mark is too', async () => {
    const body = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('{"error": {"code": 503}}', 'utf16le'),
    ]);
    expect(await events(body)).toEqual(['sent', 'sent', 'read', 'read']);
  });

  it('an ISO-2022-JP reply whose key an escape sequence splits, "e ESC ( B rror", is too (QA362)', async () => {
    // WHATWG's iso-2022-jp decoder drops the sequence (a switch to ASCII): the parse reads "error"
    const body = Buffer.concat([
      Buffer.from('{"e'),
      Buffer.from([0x1b, 0x28, 0x42]),
      Buffer.from('rror": {"code": 503}}'),
    ]);
    expect(await events(body, { 'content-type': 'application/json; charset=ISO-2022-JP' })).toEqual([
      'sent',
      'sent',
      'read',
      'read',
    ]);
  });

  it('a reply whose escapes spell other letters (json.dumps of "café") still gives its slot on as read', async () => {
    const body = String.raw`{"output": {"answer": "caf\u00e9 \u2603"}}`;
    expect(await events(body)).toEqual(['sent', 'read', 'read']);
  });
});
