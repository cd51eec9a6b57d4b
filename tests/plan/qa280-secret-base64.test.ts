/**
 * QA280: an agent that echoed its key base64-encoded (`"b64": "c2stbGl2ZS01…"` in a 401 body, a debug
 * dump of its `Authorization` header) had it kept in stderr's preflight line, the cache and every
 * report: none of the secret's forms was its base64. Now its encoding, and the spelling it has inside
 * a longer encoded text at each of the three offsets, standard or URL-safe alphabet, are forms.
 */
import { expect, it } from 'vitest';
import { scrubWholeSecrets, secretForms, secretValues } from '../../src/plan/secrets.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuv';
const secrets = secretValues([{ authorization: `Bearer ${KEY}` }]);

it.each([
  ['the key alone', KEY, 'base64'],
  ['the header value', `Bearer ${KEY}`, 'base64'],
  ['the key after one byte', `x${KEY}"}`, 'base64'],
  // 8 bytes before it: offset 2 (QA285: `{"k":"`, 6 bytes, was offset 0, so no test read offset 2)
  ['the key after two bytes', `{"key":"${KEY}","n":1}`, 'base64'],
  ['the key after one byte, URL-safe', `?${KEY}~~~`, 'base64url'],
] as const)('masks %s base64-encoded in a reply', (_, plain, encoding) => {
  const encoded = Buffer.from(plain).toString(encoding);
  const reply = `{"error":"bad key","echo":"${encoded}"}`;
  const scrubbed = scrubWholeSecrets(reply, secrets);
  expect(scrubbed).toContain('***');
  const echo = /"echo":"([^"]*)"/.exec(scrubbed)?.[1] ?? '';
  // each piece read from each of its 4 first characters: one left after a mask is out of step
  for (const piece of echo.split('***'))
    for (let skip = 0; skip < 4; skip++)
      expect(Buffer.from(piece.slice(skip), encoding).toString('latin1')).not.toContain(KEY.slice(8, 20));
});

it('gives a short secret no base64 form (its inner spelling could be any base64 text)', () => {
  expect(secretForms('tok-123456789').some((f) => f.includes('dG9r'))).toBe(false);
  expect(scrubWholeSecrets('aGVsbG8gd29ybGQ=', secrets)).toBe('aGVsbG8gd29ybGQ=');
});
