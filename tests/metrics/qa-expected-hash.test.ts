/**
 * DESIGN §2: "`expected_sha256` may stand for `expected`". A dataset author may hash the answer's
 * JSON form (evalc's `hashExpected`) or the answer text itself (`printf %s Paris | sha256sum`);
 * both must match the right answer, and only it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashExpected, matchesExpectedHash } from '../../src/metrics/hash-expected.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('matchesExpectedHash', () => {
  it('matches the sha256 of the JSON form (with quotes) and of the bare text', () => {
    // Hand-checked: sha256 of the 7 bytes "Paris" (with quotes) vs of the 5 bytes Paris.
    expect(hashExpected('Paris')).toBe(sha('"Paris"'));
    expect(matchesExpectedHash('Paris', sha('"Paris"'))).toBe(true);
    expect(matchesExpectedHash('Paris', sha('Paris'))).toBe(true);
    expect(matchesExpectedHash('  Paris ', `sha256:${sha('Paris').toUpperCase()}`)).toBe(true);
  });

  it('rejects another answer under either form', () => {
    expect(matchesExpectedHash('Lyon', sha('Paris'))).toBe(false);
    expect(matchesExpectedHash('Lyon', sha('"Paris"'))).toBe(false);
    // A list candidate is never compared as bare text.
    expect(matchesExpectedHash(['Paris'], sha('Paris'))).toBe(false);
  });

  it('applies the metric normalisation before hashing the bare text', () => {
    expect(matchesExpectedHash('PARIS', sha('paris'), { ignore_case: true })).toBe(true);
    expect(matchesExpectedHash('PARIS', sha('paris'))).toBe(false);
  });

  // QA40: README's Python recipe, json.dumps(v, ensure_ascii=False, separators=(",", ":"),
  // sort_keys=True), "gives it for strings": the JSON form of the text exactly as written. A
  // multi-line answer (or one with a tab or two spaces) hashed that way scored 0, because only the
  // whitespace-collapsed text was hashed in its JSON form. Hashes below are of the literal bytes.
  it('matches the JSON form of a text exactly as written (line breaks, tabs, double spaces)', () => {
    const answer = 'line one\nline\ttwo  é';
    const pythonJson = '"line one\\nline\\ttwo  é"'; // what json.dumps(answer, ensure_ascii=False) prints
    expect(matchesExpectedHash(answer, sha(pythonJson))).toBe(true);
    expect(matchesExpectedHash('line one line two é', sha(pythonJson))).toBe(false);
    expect(matchesExpectedHash('other\ntext', sha(pythonJson))).toBe(false);
  });

  // QA40: a set hashed as Python's sorted(set(v)) orders it — numbers by value, texts by code
  // point — matched only when that order happened to be the canonical-JSON-text order.
  it('matches a set hashed in Python sorted order (numbers by value, a text before its extension)', () => {
    const python = (v: unknown[]) => sha(JSON.stringify(v)); // json.dumps(sorted(set(v)), separators=(",", ":"))
    expect(matchesExpectedHash([10, 9], python([9, 10]), { mode: 'set' })).toBe(true);
    expect(
      matchesExpectedHash(['New York City', 'New York'], python(['New York', 'New York City']), {
        mode: 'set',
      }),
    ).toBe(true);
    expect(matchesExpectedHash([10, 9, 9], python([9, 10]), { mode: 'set' })).toBe(true);
    // Still only the same set: another set, or the same numbers as a list, do not match.
    expect(matchesExpectedHash([10, 8], python([9, 10]), { mode: 'set' })).toBe(false);
    expect(matchesExpectedHash([10, 9], python([9, 10]), { mode: 'list' })).toBe(false);
  });
});
