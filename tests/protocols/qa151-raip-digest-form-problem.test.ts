/**
 * QA151: since QA143 a reported schema digest is compared by value in its usual spellings
 * (`sha-256:<hex>`, `sha256-<base64>`, `SHA-256=<base64>`). One that cannot be a SHA-256 at all —
 * another algorithm, a value cut short, bytes that are neither hex nor base64, nothing after the
 * prefix, base64 with no prefix — failed negotiation with only "agent reports … but its
 * inputSchema hashes to …; the digest is sha256 over …", as a right-looking wrong value does. The
 * message now names what is wrong with it. Right values in those spellings still pass, wrong ones
 * still fail. Real loopback RAIP agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/protocols/canonical-json.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const HEX = sha256Hex('{"properties":{"query":{"type":"string"}},"required":["query"],"type":"object"}');
const B64 = Buffer.from(HEX, 'hex').toString('base64');
const WRONG = sha256Hex('another schema');

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function discover(schemaDigest: string): Promise<string> {
  server = await startLoopback((_req, res) =>
    sendJson(res, 200, { name: 'd', version: '1', inputSchema: SCHEMA, schemaDigest }),
  );
  const adapter = createRaipAdapter(
    { protocol: 'raip', url: server.url },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const outcome = await adapter.discover?.(new AbortController().signal);
    return outcome?.ok ? 'ok' : (outcome?.error.message ?? 'no discovery');
  } finally {
    await adapter.close();
  }
}

describe('a reported schema digest that is no SHA-256 (QA151)', () => {
  it.each([
    [`sha256:${HEX.slice(0, 40)}`, /no SHA-256: 40 hex digits, where a SHA-256 has 64/],
    [`sha512:${HEX}`, /no SHA-256: it names sha512, where RAIP's digest is SHA-256/],
    ['md5-abc', /no SHA-256: it names md5/],
    ['sha256:', /no SHA-256: it has no value after sha256:/],
    ['sha256-!!notbase64!!', /no SHA-256: its value is neither hex nor base64/],
    ['sha256-AAAA', /no SHA-256: its base64 value is 3 bytes, where a SHA-256 has 32/],
    [B64, /no SHA-256: a base64 value with no sha256- \(or SHA-256=\) before it/],
  ])('%s names what is wrong with it', async (reported, reason) => {
    const message = await discover(reported);
    expect(message).toMatch(/agent reports schema digest .* but its inputSchema hashes to sha256:/);
    expect(message).toMatch(reason);
  });

  it('right values in the read spellings pass, wrong ones fail with the usual hint', async () => {
    expect(await discover(`sha-256:${HEX}`)).toBe('ok');
    expect(await discover(`sha256-${B64}`)).toBe('ok');
    expect(await discover(`SHA-256=${B64}`)).toBe('ok');
    for (const wrong of [`sha-256:${WRONG}`, `sha256-${Buffer.from(WRONG, 'hex').toString('base64')}`]) {
      const message = await discover(wrong);
      expect(message).toMatch(/but its inputSchema hashes to/);
      expect(message).not.toMatch(/no SHA-256/);
    }
  });
});
