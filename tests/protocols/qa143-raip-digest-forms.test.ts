/**
 * QA143: an agent that reports its schema digest as the same SHA-256 in another common spelling
 * — `sha-256:<hex>` (the algorithm's IANA name), Subresource Integrity's `sha256-<base64>`, an
 * RFC 3230 `Digest` header's `SHA-256=<base64>` — failed negotiation with "agent reports schema
 * digest sha-256:1513… but its inputSchema hashes to sha256:1513…", the same value. The digest is
 * now compared as bytes: those spellings of the right value pass, another value still fails.
 * Real loopback server; the expected digest is computed here from the RFC 8785 text.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

// RFC 8785 form written out by hand (keys in UTF-16 order, no spaces)
const SCHEMA_JCS =
  '{"properties":{"query":{"minLength":1,"type":"string"}},"required":["query"],"type":"object"}';
const bytes = createHash('sha256').update(SCHEMA_JCS).digest();
const hex = bytes.toString('hex');

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((req, res) => {
    const reported = decodeURIComponent((req.url ?? '').split('/')[1] ?? '');
    return sendJson(res, 200, {
      name: 'q',
      version: '1',
      inputSchema: JSON.parse(SCHEMA_JCS),
      schemaDigest: reported,
    });
  });
});
afterAll(async () => {
  await server.close();
});

async function discover(reported: string) {
  const raip = createRaipAdapter(
    { protocol: 'raip', url: `${server.url}/${encodeURIComponent(reported)}` },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    const outcome = await raip.discover?.(AbortSignal.timeout(10_000));
    return outcome?.ok ? 'ok' : outcome?.error.message;
  } finally {
    await raip.close();
  }
}

describe('RAIP reported schema digest spellings (QA143)', () => {
  it.each([
    `sha256:${hex}`,
    hex.toUpperCase(),
    `sha-256:${hex}`,
    `SHA-256:${hex}`,
    `sha256-${bytes.toString('base64')}`,
    `SHA-256=${bytes.toString('base64')}`,
    `sha256:${bytes.toString('base64url')}`,
  ])('accepts %s', async (reported) => {
    expect(await discover(reported)).toBe('ok');
  });

  it.each([
    `sha-256:${'0'.repeat(64)}`,
    `sha256-${Buffer.alloc(32).toString('base64')}`,
    `sha512:${hex}`,
    `md5:${hex}`,
  ])('refuses %s', async (reported) => {
    expect(await discover(reported)).toMatch(
      /agent reports schema digest .* but its inputSchema hashes to sha256:/,
    );
  });
});
