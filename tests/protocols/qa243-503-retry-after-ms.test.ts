/**
 * QA243: a 503 whose only retry header was `retry-after-ms` was retried after evalc's own backoff
 * (~250 ms here), while a 429's was honoured; DESIGN's retries honour the wait asked on 429 and 503
 * alike. A loopback agent refuses once, and the gap before the retry is counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { gapsOf, startThrottleServer, type ThrottleServer } from '../fixtures/qa27-throttle-server.js';

const opened: ThrottleServer[] = [];
const transports: HttpTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** Jitter at the top of its range: retry 1 waits ~249 ms of evalc's own backoff. */
async function gapAfter(status: number, headerLines: [string, string][]): Promise<number> {
  const server = await startThrottleServer(status, headerLines);
  opened.push(server);
  const transport = new HttpTransport({ random: () => 0.999, retries: 1, timeoutMs: 5000 });
  transports.push(transport);
  const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/r` });
  expect(reply).toMatchObject({ ok: true, attempts: 2 });
  return gapsOf(server.arrivals)[0] ?? 0;
}

describe('retry-after-ms on a 503', () => {
  it('waits the 1200 ms a 503 asks for, as a 429', async () => {
    for (const status of [503, 429]) {
      const gap = await gapAfter(status, [['retry-after-ms', '1200']]);
      expect({ status, waited: gap >= 1100 && gap < 3000 }).toEqual({ status, waited: true });
    }
  });

  it('it wins over Retry-After, as the OpenAI SDKs read it (QA267)', async () => {
    const gap = await gapAfter(503, [
      ['retry-after', '0'],
      ['retry-after-ms', '1500'],
    ]);
    expect(gap).toBeGreaterThanOrEqual(1400);
  });
});
