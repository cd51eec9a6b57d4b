/**
 * QA290: 670d7637 masks a key's base64 spelling with its `/` written `\/` (PHP's json_encode), and
 * 783592b5 one wrapped in lines, but not both: a PHP agent's JSON holding a MIME-wrapped dump
 * (chunk_split: 76 columns, `\r\n`) kept in its raw text (a reply evalc does not parse) broke the
 * run of base64 lines at each `\/`, and the key stood decodable in 280 of 304 such dumps (156
 * after the previous commit). A `\/` reads as a `/` of the run now.
 */
import { expect, it } from 'vitest';
import { scrubWholeSecrets, secretValues } from '../../src/plan/secrets.js';

const KEY = 'sk-live-51H??>>~~??abcdefGHIJ>>KLmnopQRSTuv'; // its base64 holds `/` and `+`
const secrets = secretValues([{ authorization: `Bearer ${KEY}` }]);
/** The text unescaped and unwrapped, each piece left between masks read as base64 from each of its first 4 characters. */
const readable = (text: string) =>
  text
    .replace(/\\r\\n|\\n|\r?\n/g, '')
    .replace(/\\\//g, '/')
    .split('***')
    .flatMap((piece) =>
      [0, 1, 2, 3].map((skip) => Buffer.from(piece.slice(skip), 'base64').toString('latin1')),
    )
    .join('|');

it("masks a key's base64 spelling wrapped in lines with its / written \\/, wherever the line ends fall", () => {
  expect(Buffer.from(KEY).toString('base64')).toMatch(/\/.*\//);
  for (const end of ['\r\n', '\n'])
    for (let before = 0; before < 76; before++) {
      const dump = Buffer.from(`${'x'.repeat(before)}Authorization: Bearer ${KEY}\n`)
        .toString('base64')
        .replace(/(.{76})/g, `$1${end}`);
      for (const text of [JSON.stringify({ dump }).replace(/\//g, '\\/'), dump.replace(/\//g, '\\/')]) {
        const scrubbed = scrubWholeSecrets(text, secrets);
        for (const part of [KEY.slice(8, 18), KEY.slice(19, 29), KEY.slice(28)])
          expect(readable(scrubbed)).not.toContain(part);
      }
    }
});
