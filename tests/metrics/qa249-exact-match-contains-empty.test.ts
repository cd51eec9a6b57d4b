/**
 * QA249: exact_match in scalar mode takes a list of expected answers as SQuAD's exact match does, the
 * max over its answers — and SQuAD v2's script picks them so: answers with no text are left out
 * beside others, and none left (`expected: []`, an unanswerable question) is the empty answer
 * (`gold_answers = ['']`). "" against [] scored 0 (f1 1) and "" against ["", "Paris"] 1 (f1 0).
 * And a missing candidate scores 0, as README says: exact_match equalled an expected null, contains
 * found an expected "" and every item of [] in its text ''.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const score = async (type: string, candidates: Record<string, unknown>, expected: unknown) =>
  (await scoreMetric(metric({ type }), scoreInput({ candidates, expected }))).score;

describe('exact_match against an empty list of answers, as SQuAD v2 (QA249)', () => {
  it('is the empty answer: an empty text passes, any other fails, as f1 scores them', async () => {
    for (const type of ['exact_match', 'f1']) {
      expect(await score(type, { answer: '' }, []), type).toBe(1);
      expect(await score(type, { answer: '  ' }, []), type).toBe(1);
      expect(await score(type, { answer: 'Paris' }, []), type).toBe(0);
      // Answers with no text are left out beside others.
      expect(await score(type, { answer: '' }, ['', 'Paris']), type).toBe(0);
      expect(await score(type, { answer: 'Paris' }, ['', 'Paris']), type).toBe(1);
      // A list against a list is still compared whole: [] against [] passes.
      expect(await score(type, { answer: [] }, []), type).toBe(1);
    }
    expect(await score('exact_match', { answer: '' }, ['', '  '])).toBe(1);
    expect(await score('exact_match', { answer: 0 }, [])).toBe(0);
  });
});

describe('a missing candidate scores 0 (QA249)', () => {
  it('in exact_match, against an expected null too', async () => {
    expect(await score('exact_match', { a: 'x', b: 'y' }, null)).toBe(0);
    expect(await score('exact_match', { a: 'x', b: 'y' }, [])).toBe(0);
    // An answer of null is a value: it equals null.
    expect(await score('exact_match', { answer: null }, null)).toBe(1);
  });

  it('in contains, against "" and [] too', async () => {
    expect(await score('contains', { a: 'x', b: 'y' }, '')).toBe(0);
    expect(await score('contains', { a: 'x', b: 'y' }, [])).toBe(0);
    const codes = await scoreMetric(
      metric({ type: 'contains', candidate: 'codes', expected: 'codes' }),
      scoreInput({ candidates: { answer: 'x' }, expected: { codes: [] } }),
    );
    expect(codes).toMatchObject({ score: 0, pass: false });
    // An empty answer still holds nothing to look for.
    expect(await score('contains', { answer: '' }, [])).toBe(1);
    expect(await score('contains', { answer: '' }, '')).toBe(1);
  });

  it('bumps exact_match to 4 and contains to 2, so cached scores are computed again', () => {
    expect(getMetricDefinition('exact_match')?.version).toBe('5'); // 5 since QA253
    expect(getMetricDefinition('contains')?.version).toBe('2');
  });
});
