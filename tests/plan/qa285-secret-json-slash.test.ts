/**
 * QA285: PHP's json_encode escapes `/` as `\/` by default. A reply an agent wrote so, kept raw (a
 * 401 body, text that is not JSON), held the secret in that spelling: an AWS-style key `…I/K7…` and
 * a key's base64 spelling (6cf4722d) holding a `/` stood in the open. Both are forms now.
 */
import { expect, it } from 'vitest';
import { scrubWholeSecrets, secretValues } from '../../src/plan/secrets.js';

const php = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');

it('masks a key holding a / as json_encode writes it', () => {
  const key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const secrets = secretValues([{ 'x-secret': key }]);
  const reply = php({ error: 'bad key', got: key });
  expect(reply).toContain('\\/K7MDENG\\/');
  expect(scrubWholeSecrets(reply, secrets)).toBe('{"error":"bad key","got":"***"}');
});

it("masks a key's base64 spelling holding a / as json_encode writes it", () => {
  const key = 'sk-live-51H??>>~~??abcdefGHIJ>>KLmnop';
  const secrets = secretValues([{ authorization: `Bearer ${key}` }]);
  const dump = Buffer.from(`debug: Bearer ${key} from /v1`).toString('base64');
  expect(dump).toContain('/');
  const scrubbed = scrubWholeSecrets(php({ dump }), secrets);
  expect(scrubbed).toContain('***');
  const left = (JSON.parse(scrubbed) as { dump: string }).dump.split('***');
  for (const piece of left)
    for (let skip = 0; skip < 4; skip++)
      expect(Buffer.from(piece.slice(skip), 'base64').toString('latin1')).not.toContain('abcdefGHIJ');
});
