/**
 * QA249: ground_truth_protection with no candidate (a binding with several outputs, none named
 * answer, or a `candidate:` it did not extract) hashed the missing value as null, so it matched an
 * expected_sha256 of null (sha256 of `null`) or an expected null and passed, where README says such
 * a binding scores 0. An answer of null is still a value, matched as null.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const gtp = async (
  candidates: Record<string, unknown>,
  rest: { expected?: unknown; expectedSha256?: unknown },
) =>
  (await scoreMetric(metric({ type: 'ground_truth_protection' }), scoreInput({ candidates, ...rest }))).score;

describe('ground_truth_protection with no candidate (QA249)', () => {
  it('scores 0 against a hash of null and an expected null', async () => {
    expect(await gtp({ a: 'x', b: 'y' }, { expectedSha256: sha('null') })).toBe(0);
    expect(await gtp({ a: 'x', b: 'y' }, { expected: null })).toBe(0);
  });

  it('still matches an answer of null', async () => {
    expect(await gtp({ answer: null }, { expectedSha256: sha('null') })).toBe(1);
  });

  it('is version 3, so cached scores are computed again', () => {
    expect(getMetricDefinition('ground_truth_protection')?.version).toBe('4'); // 4 since QA253
  });
});
