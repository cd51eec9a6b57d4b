/**
 * QA285: 6cf4722d masked a secret's base64 spelling on one line; wrapped in lines (MIME's 76
 * columns, PEM's 64, or a JSON string's `\n` as written) the spelling was split at a line end and
 * the key stood in the open, decodable, in most places it could fall (44 of 76 offsets). A run of
 * such lines is read joined; random base64, wrapped or not, is left as it is.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { scrubSecrets, scrubWholeSecrets, secretValues } from '../../src/plan/secrets.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';
const secrets = secretValues([{ authorization: `Bearer ${KEY}` }]);

/** `n` bytes that look random, the same in every run. */
function bytes(n: number, seed: number): Buffer {
  const out: Buffer[] = [];
  for (let i = 0; out.length * 32 < n; i++) out.push(createHash('sha256').update(`${seed}/${i}`).digest());
  return Buffer.concat(out).subarray(0, n);
}

const unwrap = (text: string) => text.replace(/\r?\n|\\n|\*\*\*/g, '');
const decoded = (text: string) => Buffer.from(unwrap(text), 'base64').toString('latin1');

it('masks a key in base64 wrapped at 76 columns, wherever the line ends fall', () => {
  for (let before = 0; before < 76; before++) {
    const plain = Buffer.concat([
      bytes(before, before),
      Buffer.from(`Authorization: Bearer ${KEY}`),
      bytes(40, 1),
    ]);
    const text = plain.toString('base64').replace(/(.{76})/g, '$1\r\n');
    const scrubbed = scrubWholeSecrets(text, secrets);
    expect(scrubbed).toContain('***');
    expect(decoded(scrubbed)).not.toContain(KEY.slice(8, 20));
  }
});

it("masks a key in base64 wrapped with a JSON string's \\n as written", () => {
  const text = Buffer.from(`{"h":"Bearer ${KEY}"}`)
    .toString('base64')
    .replace(/(.{20})/g, '$1\n');
  const reply = JSON.stringify({ dump: text });
  expect(reply).not.toContain('\n');
  const scrubbed = scrubWholeSecrets(reply, secrets);
  expect(decoded(JSON.parse(scrubbed).dump)).not.toContain(KEY.slice(8, 20));
});

it('leaves random base64 as it is, wrapped or on one line', () => {
  for (let i = 0; i < 100; i++) {
    const b64 = bytes(3000 + i, 100 + i).toString(i % 2 ? 'base64' : 'base64url');
    for (const text of [b64, b64.replace(/(.{76})/g, '$1\r\n'), `${b64.replace(/(.{64})/g, '$1\n')}\n`])
      expect(scrubSecrets(text, secrets)).toBe(text);
  }
});
