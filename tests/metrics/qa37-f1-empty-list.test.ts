/** QA37: f1 against an empty list of expected answers says so (it said "f1 produced an invalid score -Infinity"). */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

describe('f1 with an empty list of expected answers', () => {
  it('is a metric_error naming the empty list', async () => {
    const r = await scoreMetric(
      metric({ type: 'f1' }),
      scoreInput({ candidates: { answer: 'x' }, expected: { answer: [] } }),
    );
    expect(r).toEqual({
      score: null,
      error: {
        kind: 'metric_error',
        message: 'the expected value is an empty list: no answer to compare with',
      },
    });
  });
});
