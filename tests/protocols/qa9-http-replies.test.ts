/**
 * QA9: the HTTP transport against replies real servers send that the conformance cases do not
 * name — compressed bodies, byte order marks, declared charsets, redirects, a Retry-After of an
 * hour, large header blocks, a port that does not speak HTTP. Each against a raw loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { joinUrlPath } from '../../src/protocols/http/url-path.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { QA9_REPLY, type RawServer, startRawServer } from '../fixtures/qa9-raw-http-server.js';
import { startTlsServer } from '../fixtures/qa9-tls-server.js';

const servers: RawServer[] = [];
const transports: HttpTransport[] = [];

async function setup(options: ConstructorParameters<typeof HttpTransport>[0] = {}) {
  const server = await startRawServer();
  servers.push(server);
  const transport = new HttpTransport({ random: createRandom(1), timeoutMs: 5_000, retries: 1, ...options });
  transports.push(transport);
  return { server, transport };
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('reply bodies', () => {
  it.each(['gzip', 'br', 'deflate', 'deflate-raw'])(
    'decodes a %s Content-Encoding the server applied without being asked',
    async (mode) => {
      const { server, transport } = await setup();
      const reply = await transport.requestJson({
        method: 'POST',
        url: `${server.url}/${mode}/x`,
        body: { q: 1 },
      });
      expect(reply).toMatchObject({ ok: true, status: 200, body: QA9_REPLY });
      // evalc does not advertise compression (curl's default): the server chose it
      expect(server.requests[0]?.headers['accept-encoding']).toBeUndefined();
    },
  );

  it('reads JSON that starts with a UTF-8 byte order mark', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/bom/x` });
    expect(reply).toMatchObject({ ok: true, body: QA9_REPLY });
  });

  it('decodes the charset the Content-Type declares (UTF-16 with BOM, ISO-8859-1)', async () => {
    const { server, transport } = await setup();
    const utf16 = await transport.requestJson({ method: 'GET', url: `${server.url}/utf16/x` });
    const latin1 = await transport.requestJson({ method: 'GET', url: `${server.url}/latin1/x` });
    expect(utf16).toMatchObject({ ok: true, body: { answer: 'café' } });
    expect(latin1).toMatchObject({ ok: true, body: { answer: 'café' } });
  });

  it('bounds the decompressed size: a 40 MiB gzip bomb is response_too_large', async () => {
    const { server, transport } = await setup({ maxResponseBytes: 1024 * 1024 });
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/gzip-bomb/x` });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'response_too_large', retryable: false } });
  });

  it('records corrupt or unknown encodings as invalid_json naming the encoding, not binary bytes', async () => {
    const { server, transport } = await setup();
    const corrupt = await transport.requestJson({ method: 'GET', url: `${server.url}/gzip-corrupt/x` });
    const zstd = await transport.requestJson({ method: 'GET', url: `${server.url}/zstd/x` });
    expect(corrupt.ok ? '' : corrupt.error.message).toBe(
      `GET ${server.url}/gzip-corrupt/x: reply is not readable (its gzip data is corrupt)`,
    );
    expect(zstd.ok ? '' : zstd.error).toMatchObject({
      kind: 'invalid_json',
      message: `GET ${server.url}/zstd/x: reply is not readable (evalc cannot undo Content-Encoding zstd)`,
    });
  });

  it('reads plain JSON labelled gzip (a proxy removed the compression, not the header)', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/gzip-plain/x` });
    expect(reply).toMatchObject({ ok: true, body: QA9_REPLY });
  });

  it("reads Python's NaN and -Infinity tokens as null, leaving strings alone", async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/python-nan/x` });
    expect(reply).toMatchObject({
      ok: true,
      body: { answer: 'café', score: null, low: null, note: 'NaN stays' },
    });
  });

  it('names an empty 200 reply as empty', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/empty/x`, body: {} });
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'invalid_json',
      message: `POST ${server.url}/empty/x: reply is empty (HTTP 200), not JSON`,
    });
  });

  it('decodes a compressed error body too, so the failure keeps the server text', async () => {
    const { server, transport } = await setup({ retries: 0 });
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/gzip-500/x` });
    expect(reply).toMatchObject({
      ok: false,
      status: 500,
      text: '{"error":"boom"}',
      body: { error: 'boom' },
    });
  });
});

describe('redirects', () => {
  it('follows a 307 on POST to the same origin with the same method and body', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({
      method: 'POST',
      url: `${server.url}/r307/invoke`,
      body: { b: 2 },
    });
    expect(reply).toMatchObject({ ok: true, body: QA9_REPLY, attempts: 1 });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'POST /r307/invoke {"b":2}',
      'POST /ok/invoke {"b":2}',
    ]);
  });

  it('follows an absolute 308 Location on the same origin', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/r308-abs/x`, body: {} });
    expect(reply).toMatchObject({ ok: true, body: QA9_REPLY });
    expect(server.requests[1]?.path).toBe('/ok/x?from=308');
  });

  it('does not turn a POST into a GET on 301: http_301 naming the new location', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/r301/invoke`, body: {} });
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'http_301',
      message: `POST ${server.url}/r301/invoke: HTTP 301 (redirected to ${server.url}/ok/invoke: evalc follows a POST only through 307/308 (a 301 would drop its body); set the url to the new location)`,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('follows a 301 on GET (discovery endpoints)', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/r301/info` });
    expect(reply).toMatchObject({ ok: true, body: QA9_REPLY });
  });

  it('never follows to another host (headers carry secrets) and prints no query string', async () => {
    const { server, transport } = await setup({ headers: { authorization: 'Bearer s3cr3t-token' } });
    const reply = await transport.requestJson({
      method: 'POST',
      url: `${server.url}/r307-other-host/x`,
      body: {},
    });
    expect(reply.ok).toBe(false);
    const message = reply.ok ? '' : reply.error.message;
    expect(message).toContain(`redirected to http://localhost:${server.port}/ok/x, another host`);
    expect(message).not.toContain('t0ps3cret');
    expect(server.requests).toHaveLength(1);
  });

  it('stops a redirect loop after 5 hops', async () => {
    const { server, transport } = await setup();
    const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/r307-loop/x`, body: {} });
    expect(reply.ok ? '' : reply.error).toMatchObject({ kind: 'http_307' });
    expect(reply.ok ? '' : reply.error.message).toContain('too many redirects (more than 5)');
    expect(server.requests).toHaveLength(6);
  });
});

describe('connection-level replies', () => {
  it('does not wait out a Retry-After longer than the cap: one request, a message saying why', async () => {
    const { server, transport } = await setup({ retries: 3 });
    const started = performance.now();
    const reply = await transport.requestJson({
      method: 'POST',
      url: `${server.url}/retry-after-hour/x`,
      body: {},
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
    expect(reply.ok ? '' : reply.error).toMatchObject({
      kind: 'http_429',
      message: `POST ${server.url}/retry-after-hour/x: HTTP 429 (it asks to retry after 3600 s, longer than evalc waits: 120 s)`,
    });
  });

  it('accepts a 40 KiB header block and names an oversized one in plain words', async () => {
    const { server, transport } = await setup({ retries: 0 });
    const big = await transport.requestJson({ method: 'GET', url: `${server.url}/big-headers/x` });
    expect(big).toMatchObject({ ok: true, body: QA9_REPLY });
    const huge = await transport.requestJson({ method: 'GET', url: `${server.url}/huge-headers/x` });
    expect(huge.ok ? '' : huge.error.message).toBe(
      `GET ${server.url}/huge-headers/x: the reply's headers exceed 64 KiB (UND_ERR_HEADERS_OVERFLOW)`,
    );
  });

  it('says a reply is not HTTP when the port speaks another protocol', async () => {
    const { server, transport } = await setup({ retries: 0 });
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/not-http/x` });
    expect(reply.ok ? '' : reply.error).toMatchObject({ kind: 'transport_error' });
    expect(reply.ok ? '' : reply.error.message).toMatch(
      new RegExp(`^GET ${server.url}/not-http/x: the reply is not valid HTTP/1\\.1: `),
    );
  });
});

describe('TLS', () => {
  it('names a self-signed certificate and how to trust it', async () => {
    const tls = await startTlsServer();
    const transport = new HttpTransport({ retries: 0 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url: `${tls.url}/x`, body: {} });
      expect(reply.ok ? '' : reply.error).toMatchObject({
        kind: 'transport_error',
        message: `POST ${tls.url}/x: the server's TLS certificate is self-signed (trust its CA with NODE_EXTRA_CA_CERTS=<PEM file> in the environment) (DEPTH_ZERO_SELF_SIGNED_CERT)`,
      });
    } finally {
      await transport.close();
      await tls.close();
    }
  });

  it('says when an https:// URL points at a plain HTTP port', async () => {
    const plain = await startLoopback((_req, res) => sendJson(res, 200, {}));
    const transport = new HttpTransport({ retries: 0 });
    try {
      const url = `${plain.url.replace('http:', 'https:')}/x`;
      const reply = await transport.requestJson({ method: 'GET', url });
      expect(reply.ok ? '' : reply.error.message).toBe(
        `GET ${url}: the server does not speak TLS on this port (http:// rather than https://?) (ERR_SSL_WRONG_VERSION_NUMBER)`,
      );
    } finally {
      await transport.close();
      await plain.close();
    }
  });
});

describe('base URLs', () => {
  it('drops a #fragment of a base URL instead of appending the endpoint inside it', async () => {
    const { server, transport } = await setup();
    const url = joinUrlPath(`${server.url}/ok/v1#section`, '/chat/completions');
    const reply = await transport.requestJson({ method: 'POST', url, body: {} });
    expect(reply.ok).toBe(true);
    expect(server.requests[0]?.path).toBe('/ok/v1/chat/completions');
  });
});
