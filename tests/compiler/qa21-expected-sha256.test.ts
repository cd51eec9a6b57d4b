/**
 * QA21: `expected_sha256` as dataset authors produce it. The hash of the answer's text matches
 * whether it was made with `printf %s` or `echo` (a trailing line break), pasted from a
 * `sha256sum` line or in upper case, and a candidate that is exactly what was hashed matches even
 * when normalisation would change it. Other answers still do not match.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashExpected, matchesExpectedHash } from '../../src/metrics/hash-expected.js';

/** What `sha256sum` prints for these bytes (independent of evalc's code). */
const sha256sum = (bytes: string) => createHash('sha256').update(bytes, 'utf8').digest('hex');

describe('expected_sha256 made with everyday tools (QA21)', () => {
  it('matches the hash of `echo Paris | sha256sum` (a trailing line break) and of printf', () => {
    expect(matchesExpectedHash('Paris', sha256sum('Paris\n'))).toBe(true);
    expect(matchesExpectedHash('Paris', sha256sum('Paris'))).toBe(true);
    expect(matchesExpectedHash('Paris', sha256sum('Paris\n\n'))).toBe(false);
    expect(matchesExpectedHash('Lyon', sha256sum('Paris\n'))).toBe(false);
  });

  it('reads a pasted sha256sum line, a sha256: prefix and upper-case hex', () => {
    const hex = sha256sum('Paris\n');
    expect(matchesExpectedHash('Paris', `${hex}  -`)).toBe(true);
    expect(matchesExpectedHash('Paris', `sha256:${hex.toUpperCase()}`)).toBe(true);
  });

  it('matches a candidate that is exactly the hashed text, even where whitespace collapsing changes it', () => {
    expect(matchesExpectedHash('Paris  France', sha256sum('Paris  France'))).toBe(true);
    expect(matchesExpectedHash('Paris France', sha256sum('Paris  France'))).toBe(false);
  });

  it('matches a list hashed as compact JSON as it is, and keeps the normalised JSON form', () => {
    expect(matchesExpectedHash(['b', 'a'], sha256sum('["b","a"]'))).toBe(true);
    expect(matchesExpectedHash(['b', 'a'], sha256sum('["a","b"]'), { mode: 'set' })).toBe(true);
    expect(matchesExpectedHash(['b', 'a'], sha256sum('["a", "b"]'))).toBe(false);
    expect(hashExpected('Paris')).toBe(sha256sum('"Paris"'));
  });
});
