/**
 * QA114 (QA103's finding 7, left open): the head of a secret that evalc cut before its `…` was
 * looked for after the whole secrets had been masked. A shorter secret that is a prefix of the cut
 * one (two serve.env values `skey-SECRET` and `skey-SECRETVALUE123456789`) was masked first, and
 * what followed it up to the cut stayed in the open: `key=skey-SECRETVALUE…` became
 * `key=***VALUE…` in report.json/md/html, junit.xml and the step cache. The head is now found in
 * the text as it was; a whole secret that overlaps it is masked with it.
 */
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/plan/secrets.js';

describe('scrubSecrets: a cut secret whose start is another, shorter secret', () => {
  it('masks the cut head, not only the shorter secret inside it', () => {
    const secrets = ['skey-SECRET', 'skey-SECRETVALUE123456789'];
    expect(scrubSecrets('reply is not JSON: "… key=skey-SECRETVALUE…"', secrets)).toBe(
      'reply is not JSON: "… key=***…"',
    );
    expect(scrubSecrets('tok-1234…', ['tok-123', 'tok-123456'])).toBe('***…');
  });

  it('masks a shorter secret that begins before the cut head and ends inside it', () => {
    // `QQabc` is whole in the text; `abcdefgh` is cut after `abcdef`.
    expect(scrubSecrets('x QQabcdef…', ['QQabc', 'abcdefgh'])).toBe('x ***…');
  });

  it('leaves what it masked before as it was', () => {
    const secrets = ['skey-SECRETVALUE123456789'];
    expect(
      scrubSecrets('a skey-SECRETVALUE123456789 b skey-SECRE… c skey-SECRETVALUE123456789', secrets),
    ).toBe('a *** b ***… c ***');
    expect(scrubSecrets('a skey-SECRETVALUE123456789skey-SECRETVALUE123456789 skey…', secrets)).toBe(
      'a ****** ***…',
    );
    // A head shorter than 4 characters, and a `…` with no head before it, stay.
    expect(scrubSecrets('key=ske… and more…', secrets)).toBe('key=ske… and more…');
  });
});
