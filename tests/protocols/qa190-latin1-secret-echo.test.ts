/**
 * QA190: a header value of Latin-1 characters (`x-key: päss-wörd-…`) is sent as Latin-1 bytes. An
 * agent that reads them as UTF-8 and echoes them — Go's encoding/json writes each byte no UTF-8
 * holds as `\ufffd`; a server that copies the bytes into its UTF-8 reply has evalc's decoder read
 * them as U+FFFD — echoed `p\ufffdss-w\ufffdrd-1234567-xyz`, no spelling of the secret evalc
 * masked: it stood in the open in the trajectory, every report and the step cache. Those spellings
 * are secrets too. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { secretForms } from '../../src/plan/secrets.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';

const SECRET = 'päss-wörd-1234567-xyz';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Replies `{"echo": "<the x-key header's bytes, as `spell` writes them>"}`. */
async function echoed(spell: (bytes: Buffer) => Buffer, status = 200): Promise<unknown> {
  const loopback = await startLoopback((req, res) => {
    const bytes = Buffer.from(String(req.headers['x-key']), 'latin1'); // the bytes as sent
    const body = Buffer.concat([Buffer.from('{"echo": "'), spell(bytes), Buffer.from('"}')]);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  cleanups.push(() => loopback.close());
  const transport = new HttpTransport({ retries: 0, timeoutMs: 5000, headers: { 'x-key': SECRET } });
  cleanups.push(() => transport.close());
  const reply = await transport.requestJson({ method: 'POST', url: `${loopback.url}/invoke`, body: {} });
  if (status !== 200) return reply; // the body and text an error's message quotes
  return reply.ok ? reply.body : reply.error;
}

describe('a Latin-1 secret echoed by a server that reads its bytes as UTF-8 (QA190)', () => {
  it('is nowhere when the bytes come back as they were sent', async () => {
    // bytes that are not UTF-8 make the reply invalid_json, which quotes none of it (QA237)
    const reply = await echoed((bytes) => bytes);
    expect(reply).toMatchObject({ kind: 'invalid_json', message: expect.stringContaining('is not UTF-8') });
    expect(JSON.stringify(reply)).not.toMatch(/ss-w|1234567/);
  });

  it('is masked in an error reply that quotes the bytes as they were sent', async () => {
    // (QA244: since QA237 a 2xx holding them is invalid_json before any masking; a 4xx is still quoted)
    const reply = await echoed((bytes) => bytes, 422);
    expect(reply).toMatchObject({ ok: false, status: 422, body: { echo: '[redacted]' } });
    expect(JSON.stringify(reply)).not.toMatch(/ss-w|1234567/);
  });

  it("is masked when Go's encoding/json wrote them as \\ufffd", async () => {
    const go = (bytes: Buffer) =>
      Buffer.from([...bytes].map((b) => (b < 0x80 ? String.fromCharCode(b) : '\\ufffd')).join(''));
    expect(await echoed(go)).toEqual({ echo: '[redacted]' });
  });

  it('has those spellings among its forms; an ASCII value gains none', () => {
    expect(secretForms(SECRET)).toContain('p\uFFFDss-w\uFFFDrd-1234567-xyz');
    expect(secretForms(SECRET)).toContain('p\\ufffdss-w\\ufffdrd-1234567-xyz');
    expect(secretForms('sk-live-0123456789').some((form) => form.includes('\uFFFD'))).toBe(false);
  });
});
