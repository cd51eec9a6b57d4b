import { getEventListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

type Step = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A server that answers its n-th request with `steps[n]` (the last step repeats). */
async function scripted(steps: Step[]): Promise<Loopback & { hits: () => number; times: number[] }> {
  let count = 0;
  const times: number[] = [];
  const server = await startLoopback((req, res, body) => {
    times.push(performance.now());
    const step = steps[Math.min(count, steps.length - 1)]!;
    count++;
    step(req, res, body);
  });
  opened.push(server);
  return Object.assign(server, { hits: () => count, times });
}

const opened: Loopback[] = [];
const transports: HttpTransport[] = [];
function transport(options: ConstructorParameters<typeof HttpTransport>[0] = {}): HttpTransport {
  const t = new HttpTransport({ random: createRandom(1), ...options });
  transports.push(t);
  return t;
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const ok: Step = (_req, res) => sendJson(res, 200, { fine: true });

describe('HttpTransport', () => {
  it('returns the parsed JSON body and sends canonical JSON bytes', async () => {
    let received = '';
    const server = await scripted([
      (req, res, body) => {
        received = `${req.headers['content-type']} ${body}`;
        sendJson(res, 200, { echo: JSON.parse(body) });
      },
    ]);
    const reply = await transport().requestJson({
      method: 'POST',
      url: `${server.url}/x`,
      body: { b: 1, a: [2, 'é'] },
    });
    expect(reply).toMatchObject({
      ok: true,
      status: 200,
      body: { echo: { a: [2, 'é'], b: 1 } },
      attempts: 1,
    });
    expect(received).toBe('application/json {"a":[2,"é"],"b":1}');
  });

  it('waits for Retry-After seconds on 429 and then succeeds', async () => {
    const server = await scripted([
      (_req, res) => sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '1' }),
      ok,
    ]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply.ok).toBe(true);
    expect(server.hits()).toBe(2);
    const gap = server.times[1]! - server.times[0]!;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2500);
  });

  it('retries a 500 and returns the later success', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 500, { error: 'boom' }), ok]);
    const reply = await transport().requestJson({ method: 'POST', url: `${server.url}/r`, body: {} });
    expect(reply).toMatchObject({ ok: true, body: { fine: true }, attempts: 2 });
    expect(server.hits()).toBe(2);
  });

  it('gives up after `retries` retries with http_500', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 500, { error: 'boom' })]);
    const reply = await transport({ retries: 2 }).requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({
      ok: false,
      status: 500,
      error: { kind: 'http_500', retryable: true },
      attempts: 3,
    });
    expect(server.hits()).toBe(3);
  });

  it.each([400, 401, 403, 404, 422])('never retries a %i', async (status) => {
    const server = await scripted([(_req, res) => sendJson(res, status, { error: 'no' })]);
    const reply = await transport().requestJson({ method: 'POST', url: `${server.url}/r`, body: {} });
    expect(reply).toMatchObject({
      ok: false,
      status,
      error: { kind: `http_${status}`, retryable: false },
      body: { error: 'no' },
    });
    expect(server.hits()).toBe(1);
  });

  it('makes a single attempt when the request says retry: false', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 503, {})]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r`, retry: false });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'http_503' }, attempts: 1 });
    expect(server.hits()).toBe(1);
  });

  it('applies a retry filter on top of the policy', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 500, {})]);
    const reply = await transport().requestJson({
      method: 'GET',
      url: `${server.url}/r`,
      retry: (error) => error.kind === 'http_429',
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'http_500' }, attempts: 1 });
  });

  it('reports a timeout when no reply arrives in time', async () => {
    const server = await scripted([() => undefined]);
    const started = performance.now();
    const reply = await transport({ timeoutMs: 200, retries: 1 }).requestJson({
      method: 'GET',
      url: `${server.url}/r`,
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'timeout', retryable: true }, attempts: 2 });
    expect(server.hits()).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('bounds the whole reply by the timeout, also a body that keeps trickling in', async () => {
    // undici's bodyTimeout is an idle timeout between chunks; the attempt's own timer is not
    const server = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"a":"');
        const drip = setInterval(() => res.write('x'), 30);
        res.once('close', () => clearInterval(drip));
      },
    ]);
    const started = performance.now();
    const reply = await transport({ timeoutMs: 200, retries: 0 }).requestJson({
      method: 'GET',
      url: `${server.url}/r`,
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'timeout', retryable: true }, attempts: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(performance.now() - started).toBeLessThan(1500); // Headers came: the message says the body did not end, not that nothing came (QA61).
    expect(reply.ok ? '' : reply.error.message).toContain(
      'reply not complete within 200 ms (status 200 and headers arrived; the body did not end)',
    );
  });

  it('sends identical canonical bytes on every retry of a request', async () => {
    const bodies: string[] = [];
    const server = await scripted([
      (_req, res, body) => {
        bodies.push(body);
        sendJson(res, 500, {});
      },
      (_req, res, body) => {
        bodies.push(body);
        sendJson(res, 200, { fine: true });
      },
    ]);
    const reply = await transport().requestJson({
      method: 'POST',
      url: `${server.url}/r`,
      body: { z: [1, { b: 2, a: 1 }], a: 'é' },
    });
    expect(reply).toMatchObject({ ok: true, attempts: 2 });
    expect(bodies).toEqual(['{"a":"é","z":[1,{"a":1,"b":2}]}', '{"a":"é","z":[1,{"a":1,"b":2}]}']);
  });

  it('cancels every attempt in flight on a shared caller signal through one listener, then removes it', async () => {
    const server = await scripted([() => undefined]);
    const t = transport({ connections: 8 });
    const controller = new AbortController();
    const pending = Array.from({ length: 5 }, (_, i) =>
      t.requestJson({ method: 'GET', url: `${server.url}/r${i}`, signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    const replies = await Promise.all(pending);
    for (const reply of replies)
      expect(reply).toMatchObject({ ok: false, error: { kind: 'cancelled' }, attempts: 1 });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('treats a destroyed socket as a retryable transport_error', async () => {
    const server = await scripted([(req) => req.socket.destroy()]);
    const reply = await transport({ retries: 1 }).requestJson({
      method: 'POST',
      url: `${server.url}/r`,
      body: {},
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'transport_error', retryable: true },
      attempts: 2,
    });
    expect(server.hits()).toBe(2);
  });

  it('recovers when the first connection is reset', async () => {
    const server = await scripted([(req) => req.socket.destroy(), ok]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply.ok).toBe(true);
  });

  it('rejects an oversize body announced by content-length', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 200, { big: 'x'.repeat(5000) })]);
    const reply = await transport({ maxResponseBytes: 1000 }).requestJson({
      method: 'GET',
      url: `${server.url}/r`,
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'response_too_large', retryable: false },
      attempts: 1,
    });
  });

  it('rejects an oversize chunked body while streaming', async () => {
    const server = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 10; i++) res.write(`"${'y'.repeat(500)}"`);
        res.end();
      },
    ]);
    const reply = await transport({ maxResponseBytes: 1000 }).requestJson({
      method: 'GET',
      url: `${server.url}/r`,
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'response_too_large' } });
  });

  it('reports malformed JSON as invalid_json without retrying, whatever the content-type', async () => {
    const server = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"half":');
      },
    ]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({
      ok: false,
      status: 200,
      text: '{"half":',
      error: { kind: 'invalid_json', retryable: false },
    });
    expect(server.hits()).toBe(1);
  });

  it('parses JSON sent as text/plain', async () => {
    const server = await scripted([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('{"a":1}');
      },
    ]);
    const reply = await transport().requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({ ok: true, body: { a: 1 } });
  });

  it('spaces requests at least 1/rps apart across concurrent callers', async () => {
    const server = await scripted([ok]);
    const t = transport({ rps: 20 });
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => t.requestJson({ method: 'GET', url: `${server.url}/r` })),
    );
    const elapsed = performance.now() - started;
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(7 * 50 - 10);
    expect(elapsed).toBeLessThan(2000);
  });

  it('returns cancelled when the signal aborts during a backoff sleep', async () => {
    const server = await scripted([(_req, res) => sendJson(res, 429, {}, { 'retry-after': '30' })]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = performance.now();
    const reply = await transport().requestJson({
      method: 'GET',
      url: `${server.url}/r`,
      signal: controller.signal,
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(server.hits()).toBe(1);
  });

  it('stopRetries: after it aborts no retry is sent or waited for; an attempt in flight still finishes', async () => {
    // A Retry-After wait ends at once, as cancelled (the first Ctrl-C stops dispatch).
    const throttled = await scripted([(_req, res) => sendJson(res, 429, {}, { 'retry-after': '30' })]);
    const stop = new AbortController();
    const t = transport({ stopRetries: stop.signal });
    setTimeout(() => stop.abort(), 150);
    const started = performance.now();
    const waited = await t.requestJson({ method: 'GET', url: `${throttled.url}/r` });
    expect(waited).toMatchObject({ ok: false, error: { kind: 'cancelled' }, attempts: 1 });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(throttled.hits()).toBe(1);
    // An attempt already sent is not cut by it: its reply arrives after the abort and is returned.
    const slow = await scripted([(_req, res) => setTimeout(() => sendJson(res, 200, { late: true }), 300)]);
    const stopLater = new AbortController();
    const t2 = transport({ stopRetries: stopLater.signal });
    setTimeout(() => stopLater.abort(), 50);
    const finished = await t2.requestJson({ method: 'GET', url: `${slow.url}/s` });
    expect(finished).toMatchObject({ ok: true, body: { late: true } });
    // Once aborted, a failing request is not retried.
    const failing = await scripted([(_req, res) => sendJson(res, 503, {})]);
    const stopped = await t2.requestJson({ method: 'GET', url: `${failing.url}/f` });
    expect(stopped).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(failing.hits()).toBe(1);
  });

  it('returns cancelled when the signal aborts while waiting for a reply', async () => {
    const server = await scripted([() => undefined]);
    const reply = await transport().requestJson({
      method: 'GET',
      url: `${server.url}/r`,
      signal: AbortSignal.timeout(100),
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'cancelled' }, attempts: 1 });
  });

  it('leaves no abort listeners on a long-lived caller signal', async () => {
    const server = await scripted([ok]);
    const t = transport();
    const runSignal = new AbortController().signal;
    for (let i = 0; i < 5; i++)
      await t.requestJson({ method: 'GET', url: `${server.url}/r`, signal: runSignal });
    expect(getEventListeners(runSignal, 'abort')).toHaveLength(0);
  });

  it('sends configured headers but never puts their values in errors or returned text', async () => {
    const secret = 'Bearer s3cr3t-token-value';
    let seen: string | undefined;
    const server = await scripted([
      (req, res) => {
        seen = req.headers.authorization;
        sendJson(res, 500, { echoed: req.headers.authorization });
      },
    ]);
    const reply = await transport({ retries: 0, headers: { Authorization: secret } }).requestJson({
      method: 'GET',
      url: `${server.url}/r?key=abc`,
    });
    expect(seen).toBe(secret);
    expect(reply.ok).toBe(false);
    const dump = JSON.stringify(reply);
    expect(dump).not.toContain('s3cr3t');
    expect(dump).not.toContain('key=abc');
  });

  it('closes idempotently and fails later requests as transport_error', async () => {
    const server = await scripted([ok]);
    const t = transport();
    expect((await t.requestJson({ method: 'GET', url: `${server.url}/r` })).ok).toBe(true);
    await t.close();
    await t.close();
    const reply = await t.requestJson({ method: 'GET', url: `${server.url}/r` });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'transport_error' } });
  });
});
