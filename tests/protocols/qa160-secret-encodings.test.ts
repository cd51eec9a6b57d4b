/**
 * QA160: a secret a server quotes back percent-encoded or HTML-escaped is masked in the spelling
 * the server's language writes: Python's `quote` (keeps `/`), `quote_plus` and
 * `URLSearchParams` (a space is `+`), RFC 3986's strict form (escapes `!'()*`), lower-case hex,
 * and an HTML error page's `&quot;`/`&#34;`, `&#x27;`/`&#39;`. Before, only
 * `encodeURIComponent`'s spelling was masked, so an AWS-style key `a/b+c` echoed by a Python agent
 * (`a/b%2Bc`) was stored and reported as sent. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/plan/schema.js';
import { secretValues } from '../../src/plan/secrets.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter, isHttpAgentProtocol } from '../../src/protocols/http-adapters.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const PROBE = 'CANARY_qa160';
/** A slash and a plus (base64 keys), a space, `!'()*~`, and the HTML specials `"<&>`. */
const TOKEN = `${PROBE}/k+e y(1)!*~"<&>'`;

/** Python's urllib.parse.quote (safe '/'), quote(safe=''), quote_plus; and URLSearchParams. */
const python = {
  quote: 'CANARY_qa160/k%2Be%20y%281%29%21%2A~%22%3C%26%3E%27',
  quoteNoSafe: 'CANARY_qa160%2Fk%2Be%20y%281%29%21%2A~%22%3C%26%3E%27',
  quotePlus: 'CANARY_qa160%2Fk%2Be+y%281%29%21%2A~%22%3C%26%3E%27',
  htmlEscape: 'CANARY_qa160/k+e y(1)!*~&quot;&lt;&amp;&gt;&#x27;',
};
const spellings = [
  ...Object.values(python),
  new URLSearchParams({ t: TOKEN }).toString().slice(2),
  python.quote.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  'CANARY_qa160/k+e y(1)!*~&#34;&lt;&amp;&gt;&#39;', // markupsafe (Flask, Jinja), Go's html.EscapeString
  'CANARY_qa160/k+e y(1)!*~&#34;&#60;&#38;&#62;&#39;', // every special as a decimal reference
];

let server: Loopback | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await server?.close();
});

function adapter(config: AgentConfig, headers: Record<string, string>): AgentAdapter {
  if (!isHttpAgentProtocol(config)) throw new Error('not an HTTP protocol');
  const made = createHttpAgentAdapter(config, { transport: new HttpTransport({ retries: 0, headers }) });
  closers.push(() => made.close());
  return made;
}

describe('a secret quoted back encoded', () => {
  it('is masked in each spelling (the test pins what Python and URLSearchParams write)', () => {
    // The spellings above are what those encoders write for TOKEN (checked against Python 3.11).
    expect(new URLSearchParams({ t: TOKEN }).toString().slice(2)).toBe(
      'CANARY_qa160%2Fk%2Be+y%281%29%21*%7E%22%3C%26%3E%27',
    );
    const secrets = secretValues([{ 'x-api-key': TOKEN }]);
    for (const spelling of spellings) expect(secrets, spelling).toContain(spelling);
  });

  it('is not in a RAIP reply or a chat HTML error page that quote it', async () => {
    server = await startLoopback((req, res, body) => {
      if (req.url?.startsWith('/raip/invoke')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ output: { answer: `you sent ${spellings.join(' and ')}` } }));
        return;
      }
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(
        `<html><body><h1>Error</h1><p>x-api-key: ${python.htmlEscape}</p><p>${spellings[6]}</p>${body.length}</body></html>`,
      );
    });
    const headers = { 'x-api-key': TOKEN };
    const raip = await adapter({ protocol: 'raip', url: `${server.url}/raip` }, headers).invoke(
      { q: 1 },
      testContext(AbortSignal.timeout(5_000)),
    );
    expect(raip.ok && raip.trajectory.response).toMatchObject({
      output: { answer: `you sent ${spellings.map(() => '[redacted]').join(' and ')}` },
    });
    const chat = await adapter({ protocol: 'chat', url: `${server.url}/chat` }, headers).invoke(
      { messages: [{ role: 'user', content: 'hi' }] },
      testContext(AbortSignal.timeout(5_000)),
    );
    expect(chat.ok).toBe(false);
    expect(JSON.stringify(chat)).toContain('x-api-key:');
    for (const outcome of [raip, chat]) expect(JSON.stringify(outcome)).not.toContain(PROBE);
  });

  it('is not in a reply that carries a numeric secret as a JSON number', async () => {
    server = await startLoopback((req, res) => {
      const pin = Number(req.headers['x-pin']);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { pin, account: { id: pin, digits: [pin, 7] }, other: 148213977 } }));
    });
    const raip = await adapter(
      { protocol: 'raip', url: `${server.url}/raip` },
      { 'x-pin': '48213977' },
    ).invoke({ q: 1 }, testContext(AbortSignal.timeout(5_000)));
    // The number becomes its masked text; a number that holds it is masked as a string would be.
    expect(raip.ok && raip.trajectory.response).toMatchObject({
      output: {
        pin: '[redacted]',
        account: { id: '[redacted]', digits: ['[redacted]', 7] },
        other: '1[redacted]',
      },
    });
    expect(JSON.stringify(raip)).not.toContain('48213977');
  });

  it('is not in a reply that echoes a header value HTTP sent without its trailing space', async () => {
    server = await startLoopback((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { answer: `key [${req.headers['x-key']}]` } }));
    });
    const raip = await adapter(
      { protocol: 'raip', url: `${server.url}/raip` },
      { 'x-key': `${PROBE}-pasted ` },
    ).invoke({ q: 1 }, testContext(AbortSignal.timeout(5_000)));
    expect(raip.ok && raip.trajectory.response).toMatchObject({ output: { answer: 'key [[redacted]]' } });
  });

  it('is not in a JSON document a Go agent put in a string (Go escapes < > & as \\u003c \\u003e \\u0026)', async () => {
    const goJson = (v: string) =>
      JSON.stringify(v).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    server = await startLoopback((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // {"output":{"answer":"{\"k\":\"<token Go-escaped>\"}"}}: the answer is a JSON document in a string.
      res.end(`{"output":{"answer":${goJson(`{"k":${goJson(String(req.headers['x-key']))}}`)}}}`);
    });
    const raip = await adapter(
      { protocol: 'raip', url: `${server.url}/raip` },
      { 'x-key': `${PROBE}&a<b>` },
    ).invoke({ q: 1 }, testContext(AbortSignal.timeout(5_000)));
    expect(raip.ok && raip.trajectory.response).toMatchObject({ output: { answer: '{"k":"[redacted]"}' } });
  });
});
