/**
 * QA249: regex with no candidate (a binding with several outputs, none named answer, or a
 * `candidate:` it did not extract) read its text as '', which `^$`, `^\s*$` or `.*` match: every
 * such example passed, where README says it scores 0, as exact_match and numeric do. An empty or
 * null answer is still the agent's answer, matched as its text ''.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const regex = async (pattern: string, candidates: Record<string, unknown>, candidate?: string) =>
  scoreMetric(
    metric({ type: 'regex', pattern, ...(candidate === undefined ? {} : { candidate }) }),
    scoreInput({ candidates }),
  );

describe('regex with no candidate (QA249)', () => {
  it('scores 0 whatever the pattern', async () => {
    for (const pattern of ['^$', '^\\s*$', '.*']) {
      expect(await regex(pattern, { a: 'x', b: 'y' }), pattern).toMatchObject({ score: 0, pass: false });
      expect(await regex(pattern, { answer: 'x' }, 'codes'), pattern).toMatchObject({
        score: 0,
        pass: false,
      });
    }
  });

  it('still matches an empty or null answer as the text ""', async () => {
    expect(await regex('^$', { answer: '' })).toMatchObject({ score: 1, pass: true });
    expect(await regex('^$', { answer: null })).toMatchObject({ score: 1, pass: true });
    expect(await regex('^\\s*$', { answer: '  ' })).toMatchObject({ score: 1, pass: true });
  });

  it('is version 3, so cached scores are computed again', () => {
    expect(getMetricDefinition('regex')?.version).toBe('3');
  });
});
