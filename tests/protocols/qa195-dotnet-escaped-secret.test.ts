/**
 * QA195: a secret echoed by a .NET agent (System.Text.Json's default encoder writes every
 * non-ASCII character and `"&'+<>\`` as upper-case `\uXXXX`: `p\u00E4ss`, `tok\u002Bli`) or a Java
 * one (Jackson's ESCAPE_NON_ASCII, `p\u00E4ss`) is masked in a reply's raw text: those spellings
 * were no form of the secret, so a reply the close cut quoted them in the open in the
 * transport_error, every report and run.log. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function cutReplyQuoting(secret: string, spelled: string): Promise<string> {
  const body = Buffer.from(`{"echo": "${spelled}", "answer": "o`);
  const loopback = await startLoopback((_req, res) => {
    res.removeHeader('transfer-encoding');
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(body);
  });
  cleanups.push(() => loopback.close());
  const transport = new HttpTransport({ retries: 0, timeoutMs: 5000, headers: { 'x-key': secret } });
  cleanups.push(() => transport.close());
  const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
  if (reply.ok) throw new Error('expected a failure');
  expect(reply.error.kind).toBe('transport_error');
  return reply.error.message;
}

describe('a secret a .NET or Java agent escapes in upper-case hex (QA195)', () => {
  it.each([
    ['päss-wörd-Xyz', 'p\\u00E4ss-w\\u00F6rd-Xyz'],
    ['tok+li<ve>&01\'q"', 'tok\\u002Bli\\u003Cve\\u003E\\u002601\\u0027q\\u0022'],
    ['sk+live-ünï-9876', 'sk\\u002Blive-\\u00FCn\\u00EF-9876'],
    // a Latin-1 header value's bytes read as UTF-8, then escaped so (7390403's form, upper case)
    ['päss-wörd-Xyz', 'p\\uFFFDss-w\\uFFFDrd-Xyz'],
    // .NET so, `+`, `<` and `&` escaped beside each `\uFFFD` (QA198: its tail stood in the open)
    ['päss+wörd<Ñ>&9q', 'p\\uFFFDss\\u002Bw\\uFFFDrd\\u003C\\uFFFD\\u003E\\u00269q'],
  ])('%s spelled %s', async (secret, spelled) => {
    const message = await cutReplyQuoting(secret, spelled);
    expect(message).toContain(`'{"echo": "[redacted]", "answer": "o'`);
  });
});
