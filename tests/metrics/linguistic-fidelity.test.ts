import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { squadF1 } from '../../src/metrics/families/squad-f1.js';
import { hashExpected } from '../../src/metrics/hash-expected.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const score = (
  config: Record<string, unknown>,
  candidates: Record<string, unknown>,
  expected: unknown,
  extra = {},
) => scoreMetric(metric(config), scoreInput({ candidates, expected, ...extra }));

describe('exact_match', () => {
  it('compares scalars after whitespace normalisation, case-sensitively by default', async () => {
    expect((await score({ type: 'exact_match' }, { answer: '  Paris ' }, 'Paris')).score).toBe(1);
    expect((await score({ type: 'exact_match' }, { answer: 'paris' }, 'Paris')).score).toBe(0);
    expect(
      (await score({ type: 'exact_match', ignore_case: true }, { answer: 'paris' }, 'Paris')).score,
    ).toBe(1);
    expect(
      (await score({ type: 'exact_match', ignore_punctuation: true }, { answer: 'Paris!' }, 'Paris.')).score,
    ).toBe(1);
  });

  it('compares a number with its text form', async () => {
    expect((await score({ type: 'exact_match' }, { answer: 42 }, '42')).score).toBe(1);
  });

  it('resolves expected: codes as expected.codes and the candidate by name', async () => {
    const config = { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' };
    const r = await score(config, { codes: ['CS229', 'CS231N', 'CS229'] }, { codes: ['CS231N', 'CS229'] });
    expect(r.score).toBe(1);
    const partial = await score(config, { codes: ['CS229', 'CS101'] }, { codes: ['CS231N', 'CS229'] });
    // hits = 1: precision 1/2, recall 1/2
    expect(partial).toMatchObject({
      score: 0,
      details: { precision: 0.5, recall: 0.5, missing: ['CS231N'], extra: ['CS101'] },
    });
  });

  it('uses the whole expected value when it is a scalar, whatever the path', async () => {
    expect(
      (await score({ type: 'exact_match', expected: 'answer' }, { answer: 'Paris' }, 'Paris')).score,
    ).toBe(1);
  });

  it('list mode requires the same order', async () => {
    const c = { type: 'exact_match', mode: 'list' };
    expect((await score(c, { answer: ['a', 'b'] }, ['a', 'b'])).score).toBe(1);
    expect((await score(c, { answer: ['b', 'a'] }, ['a', 'b'])).score).toBe(0);
  });

  it('falls back to expected_sha256 when expected is absent', async () => {
    const hash = hashExpected(['b', 'a'], { mode: 'set' });
    const c = { type: 'exact_match', mode: 'set' };
    expect((await score(c, { answer: ['a', 'b', 'a'] }, undefined, { expectedSha256: hash })).score).toBe(1);
    expect((await score(c, { answer: ['a'] }, undefined, { expectedSha256: hash })).score).toBe(0);
  });

  it('reports a metric_error when there is nothing to compare with', async () => {
    const r = await score({ type: 'exact_match' }, { answer: 'x' }, undefined);
    expect(r.score).toBeNull();
    expect(r.error?.kind).toBe('metric_error');
  });
});

describe('contains, regex, numeric', () => {
  it('contains: share of values found, pass when all are', async () => {
    const r = await score(
      { type: 'contains', value: ['CS229', 'CS231N'] },
      { answer: 'Take CS229 first.' },
      undefined,
    );
    expect(r).toMatchObject({ score: 0.5, pass: false, details: { missing: ['CS231N'] } });
    const any = await score(
      { type: 'contains', value: ['CS229', 'CS231N'], match: 'any' },
      { answer: 'CS229' },
      undefined,
    );
    expect(any.score).toBe(1);
  });

  it('contains: an array candidate must hold the value as an element', async () => {
    expect((await score({ type: 'contains' }, { answer: ['CS229', 'CS101'] }, 'CS229')).score).toBe(1);
    expect((await score({ type: 'contains' }, { answer: ['CS2290'] }, 'CS229')).score).toBe(0);
  });

  it('regex: flags and full matches; an invalid pattern is a plan error, or a metric error when it comes from expected', async () => {
    expect(
      (await score({ type: 'regex', pattern: 'cs\\d+', flags: 'i' }, { answer: 'see CS229' }, undefined))
        .score,
    ).toBe(1);
    expect(
      (await score({ type: 'regex', pattern: 'CS\\d+', full: true }, { answer: 'see CS229' }, undefined))
        .score,
    ).toBe(0);
    expect(() => score({ type: 'regex', pattern: '(' }, { answer: 'x' }, undefined)).toThrow(
      /invalid regular expression/,
    );
    expect(
      (await score({ type: 'regex', expected: 'pattern' }, { answer: 'x' }, { pattern: '(' })).error?.kind,
    ).toBe('metric_error');
  });

  it('numeric: absolute and relative tolerance, numbers inside text', async () => {
    // |3.14159 − 3.14| = 0.00159 ≤ 0.01
    const r = await score({ type: 'numeric', abs_tol: 0.01 }, { answer: 'about 3.14159' }, 3.14);
    expect(r.score).toBe(1);
    expect(r.value).toBeCloseTo(0.00159, 10);
    // rel_tol 0.01 × 1000 = 10 ≥ |1,005 − 1000| = 5
    expect((await score({ type: 'numeric', rel_tol: 0.01 }, { answer: '1,005' }, 1000)).score).toBe(1);
    expect((await score({ type: 'numeric', rel_tol: 0.001 }, { answer: '1,005' }, 1000)).score).toBe(0);
    expect((await score({ type: 'numeric' }, { answer: 'no number' }, 3)).score).toBe(0);
  });
});

describe('f1 (SQuAD)', () => {
  it('normalises case, punctuation and articles', () => {
    expect(squadF1('The cat sat on the mat.', 'a cat sat on a mat').f1).toBe(1);
  });

  it('computes token F1 by hand', () => {
    // pred tokens (barack, obama, was, president) = 4, gold (obama) = 1, common = 1
    // P = 1/4, R = 1 → F1 = 2·0.25·1/1.25 = 0.4
    expect(squadF1('Barack Obama was president', 'Obama').f1).toBeCloseTo(0.4, 12);
    // multiset: pred (a a b) → after article removal "b" ... use non-articles: pred (x x y), gold (x y y)
    // common = min(2,1) + min(1,2) = 2; P = 2/3, R = 2/3 → F1 = 2/3
    expect(squadF1('x x y', 'x y y').f1).toBeCloseTo(2 / 3, 12);
  });

  it('takes the best over several expected answers', async () => {
    const r = await score({ type: 'f1' }, { answer: 'Obama' }, ['Barack Obama', 'Obama']);
    expect(r.score).toBe(1);
  });
});

describe('ground_truth_protection', () => {
  it('hashes the RFC 8785 form of the normalised value', () => {
    // canonical JSON of "Paris" is the 7 bytes "Paris" with quotes
    expect(hashExpected('  Paris ')).toBe(createHash('sha256').update('"Paris"').digest('hex'));
    // set mode: dedupe and sort → ["a","b"]
    expect(hashExpected(['b', 'a', 'b'], { mode: 'set' })).toBe(
      createHash('sha256').update('["a","b"]').digest('hex'),
    );
    // object keys are sorted by JCS
    expect(hashExpected({ b: 1, a: 'x' })).toBe(createHash('sha256').update('{"a":"x","b":1}').digest('hex'));
  });

  it('compares the candidate hash with expected_sha256 and never echoes the answer', async () => {
    const stored = `sha256:${hashExpected('paris', { ignore_case: true })}`;
    const c = { type: 'ground_truth_protection', ignore_case: true };
    const ok = await score(c, { answer: 'PARIS' }, undefined, { expectedSha256: stored });
    expect(ok).toEqual({ score: 1, pass: true, details: { protected: true } });
    const bad = await score(c, { answer: 'Lyon' }, undefined, { expectedSha256: stored });
    expect(bad.score).toBe(0);
    expect(JSON.stringify(bad)).not.toContain('Lyon');
  });

  it('reads per-field hashes when expected_sha256 is an object', async () => {
    const c = { type: 'ground_truth_protection', candidate: 'codes', expected: 'codes', mode: 'set' };
    const r = await score(c, { codes: ['B', 'A'] }, undefined, {
      expectedSha256: { codes: hashExpected(['A', 'B'], { mode: 'set' }) },
    });
    expect(r.score).toBe(1);
  });
});
