/**
 * Regression (QA242): a header value is a secret whole (`Bearer sk-…`), so a text cut after its
 * first four characters was masked as the head of a cut secret. Since 0b6c974, 78b7aa8 and 84aad39 a
 * line a process stopped in ends in a `…`, so a crashed agent's last line ending in the scheme
 * alone, `… auth scheme is Bearer` or `the word Bear`, read `… ***…`, a plain word hidden. The
 * scheme is no head: a head counts from 4 characters of the credential after it. A head cut at every
 * length of the credential is checked: 1–3 characters are shown (README: 4 or more are masked).
 */
import { expect, it } from 'vitest';
import { headerSecrets, scrubSecrets } from '../../src/plan/secrets.js';

const TOKEN = 'sk-QA242-SECRET-abcdefXYZ';
const headers = { authorization: 'Bearer ${env.QA242_TOKEN}' };
const secrets = headerSecrets(headers, { authorization: `Bearer ${TOKEN}` }, { QA242_TOKEN: TOKEN });

it('a line cut after the scheme word, or a part of it, is kept as written', () => {
  for (const line of ['auth scheme is Bearer…', 'the word Bear…', 'use Bearer …', 'a Basic…'])
    expect(scrubSecrets(line, secrets)).toBe(line);
});

it('a line cut in the credential is masked from 4 of its characters, with the scheme before it', () => {
  for (let n = 1; n <= TOKEN.length; n++) {
    const out = scrubSecrets(`auth Bearer ${TOKEN.slice(0, n)}…`, secrets);
    expect(out).toBe(n < 4 ? `auth Bearer ${TOKEN.slice(0, n)}…` : 'auth ***…');
    expect(scrubSecrets(`key ${TOKEN.slice(0, n)}…`, secrets)).toBe(
      n < 4 ? `key ${TOKEN.slice(0, n)}…` : 'key ***…',
    );
  }
});
