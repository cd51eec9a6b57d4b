/**
 * QA290: 783592b5 reads a run of base64 lines joined after the secrets whole on one line are
 * masked. A `***` left there broke the run: a line holding one whole spelling of the key and the
 * start of another (a dump quoting the key twice) was read from after the mask, so the second
 * spelling, split at the line end, stood in the open, decodable; and a PEM key re-wrapped at 76
 * columns kept the lines its 64-column lines did not match whole. The run is read first now.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { referencedSecrets, scrubSecrets } from '../../src/plan/secrets.js';
import {
  WRAPPED_KEY as KEY,
  readableBase64 as readable,
  wrappedKeySecrets as secrets,
} from '../fixtures/wrapped-key.js';

const filler = (n: number, seed: number) =>
  Buffer.concat([0, 1, 2].map((i) => createHash('sha512').update(`${seed}/${i}`).digest())).subarray(0, n);

it('masks a key quoted twice in base64 wrapped at 76 columns, wherever the line ends fall', () => {
  for (let before = 0; before < 76; before++) {
    const plain = Buffer.concat([
      filler(before, before),
      Buffer.from(`Authorization: Bearer ${KEY},${KEY}`),
      filler(40, 1),
    ]);
    const text = plain.toString('base64').replace(/(.{76})/g, '$1\r\n');
    expect(readable(scrubSecrets(text, secrets))).not.toContain(KEY.slice(8, 20));
  }
});

it('masks a PEM key of serve.env re-wrapped at 76 columns', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const keySecrets = referencedSecrets({ TLS_KEY: '${env.K}' }, { K: pem });
  const body = pem.replace(/-----[^\n]*\n/g, '').replace(/\n/g, '');
  const scrubbed = scrubSecrets(`key:\n${body.replace(/(.{76})/g, '$1\r\n')}\r\n`, keySecrets);
  expect(scrubbed.replace(/\r\n/g, '')).not.toMatch(/[A-Za-z0-9+/]{24}/);
});
