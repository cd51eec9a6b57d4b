/**
 * An agent's list or arguments holding a lone UTF-16 surrogate (valid JSON `"\ud800"`, no RFC 8785
 * form) are compared by their JSON escape: `mode: set`, tool-call arguments and consistency scored
 * them `metric_error: Lone surrogate is not allowed` before.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/metrics/normalize-value.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

describe('a lone surrogate in a compared value', () => {
  it('is compared as its JSON escape in exact_match mode: set', async () => {
    const config = { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' };
    const hit = await scoreMetric(
      metric(config),
      scoreInput({ candidates: { codes: ['b', 'a\ud800'] }, expected: { codes: ['a\ud800', 'b'] } }),
    );
    expect(hit.error).toBeUndefined();
    expect(hit.score).toBe(1);
    const miss = await scoreMetric(
      metric(config),
      scoreInput({ candidates: { codes: ['a\udc00', 'b'] }, expected: { codes: ['a\ud800', 'b'] } }),
    );
    expect(miss.error).toBeUndefined();
    expect(miss.score).toBe(0);
  });

  it('has a canonical text that tells surrogates apart, and keeps null for no JSON form', () => {
    expect(canonicalJson({ b: 'x\ud800', a: 1 })).toBe('{"a":1,"b":"x\\ud800"}');
    expect(canonicalJson(['\ud800'])).not.toBe(canonicalJson(['\udc00']));
    expect(canonicalJson(undefined)).toBe('null');
  });
});
