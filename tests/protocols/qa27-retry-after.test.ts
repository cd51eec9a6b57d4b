import { afterEach, describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../src/protocols/http/http-date.js';
import { parseRetryAfter } from '../../src/protocols/http/retry-policy.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { gapsOf, startThrottleServer, type ThrottleServer } from '../fixtures/qa27-throttle-server.js';

const opened: ThrottleServer[] = [];
const transports: HttpTransport[] = [];
const savedTz = process.env.TZ;

afterEach(async () => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A transport whose jitter always draws the top of its range: retry 1 waits ~249 ms of backoff. */
function transport(): HttpTransport {
  const t = new HttpTransport({ random: () => 0.999, retries: 1, timeoutMs: 5000 });
  transports.push(t);
  return t;
}

async function throttle(status: number, headerLines: [string, string][]): Promise<ThrottleServer> {
  const server = await startThrottleServer(status, headerLines);
  opened.push(server);
  return server;
}

/** An HTTP-date in asctime form (no zone written, GMT by definition), `seconds` from now. */
function asctimeIn(seconds: number): string {
  const utc = new Date(Date.now() + seconds * 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hms = `${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}`;
  return `${names[utc.getUTCDay()]} ${months[utc.getUTCMonth()]} ${String(utc.getUTCDate()).padStart(2, ' ')} ${hms} ${utc.getUTCFullYear()}`;
}

describe('Retry-After as servers write it (QA27)', () => {
  it('reads values that are neither delta-seconds nor an HTTP-date as absent, not as a wait of 0', () => {
    // V8's Date.parse reads each of these as a day in 2001 (so: already past, retry at once).
    for (const value of ['-1', '+5', '2, 2', '1 2', '3']) {
      expect({ value, ms: parseRetryAfter(value, 0) }).toEqual({
        value,
        ms: value === '3' ? 3000 : undefined,
      });
    }
  });

  it('reads the three HTTP-date forms of RFC 9110 in GMT, whatever the local time zone', () => {
    process.env.TZ = 'America/New_York';
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', Date.UTC(2026, 0, 1))).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
    expect(parseHttpDate('Sun, 31 Feb 1994 08:49:37 GMT')).toBeUndefined();
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 PST')).toBeUndefined();
  });

  it('waits the jittered backoff after Retry-After: 0 instead of retrying at once', async () => {
    const server = await throttle(503, [['retry-after', '0']]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
    // backoff of retry 1 with this jitter: 249 ms; before QA27 the retry came within a few ms
    expect(gapsOf(server.arrivals)[0]).toBeGreaterThanOrEqual(200);
  });

  it('treats a repeated Retry-After header as invalid and backs off, not as a date already past', async () => {
    const server = await throttle(429, [
      ['retry-after', '1'],
      ['retry-after', '1'],
    ]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
    expect(gapsOf(server.arrivals)[0]).toBeGreaterThanOrEqual(200);
  });

  it('honours an asctime Retry-After as GMT on a machine in another time zone', async () => {
    process.env.TZ = 'America/New_York';
    const server = await throttle(429, [['retry-after', asctimeIn(2)]]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    // before QA27 the date was read 5 hours late: "asks to retry after 18002 s", given up at once
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
    const [gap = 0] = gapsOf(server.arrivals);
    expect(gap).toBeGreaterThanOrEqual(500);
    expect(gap).toBeLessThan(4000);
  });

  it('waits what the server asks when that is longer than the backoff', async () => {
    const server = await throttle(429, [['retry-after', '1']]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
    const [gap = 0] = gapsOf(server.arrivals);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(1249 + 1500);
  });
});
