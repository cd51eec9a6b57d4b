/**
 * QA253: exact_match picks a list of hashed answers as it picks a list of plain ones since QA249
 * (SQuAD v2's script: `gold_answers = [a for a in answers if normalize_answer(a)]`, none left
 * `['']`). The hash of the empty answer beside others is left out, so '' fails against
 * [h(""), h("Paris")] as against ["", "Paris"] (it passed: it matched h("")), and an empty list of
 * hashes is the empty answer, as [] is (it was a metric_error). And ground_truth_protection, which
 * passes on one hash of such a list (no SQuAD picking, as its plain expected is compared whole), says
 * an empty list of hashes is empty: it said the example had no expected_sha256.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const hashed = async (answer: unknown, hashes: string[], config: Record<string, unknown> = {}) =>
  scoreMetric(
    metric({ type: 'exact_match', ...config }),
    scoreInput({ candidates: { answer }, expectedSha256: { answer: hashes } }),
  );
const plain = async (answer: unknown, answers: string[]) =>
  (
    await scoreMetric(
      metric({ type: 'exact_match' }),
      scoreInput({ candidates: { answer }, expected: { answer: answers } }),
    )
  ).score;

describe('exact_match against hashed answers, as against plain ones (QA253)', () => {
  it('leaves the empty answer out beside others', async () => {
    for (const empty of [sha(''), sha('\n'), sha('""')]) {
      expect((await hashed('', [empty, sha('Paris')])).score, empty).toBe(0);
      expect((await hashed('  ', [empty, sha('Paris')])).score, empty).toBe(0);
      expect((await hashed('Paris', [empty, sha('Paris')])).score, empty).toBe(1);
    }
    expect(await plain('', ['', 'Paris'])).toBe(0);
    expect(await plain('Paris', ['', 'Paris'])).toBe(1);
  });

  it('reads an empty list, or the empty answer alone, as the empty answer', async () => {
    for (const hashes of [[], [sha('')]]) {
      const empty = await hashed('', hashes);
      expect(empty).toMatchObject({ score: 1, details: { hashed: true } });
      expect(empty.error).toBeUndefined();
      expect((await hashed('Paris', hashes)).score).toBe(0);
    }
    expect(await plain('', [])).toBe(1);
    expect(await plain('Paris', [])).toBe(0);
  });

  it('keeps set and list modes, and a single hash, as before', async () => {
    expect((await hashed('Broncos', [sha('Broncos')])).score).toBe(1);
    expect((await hashed(['a'], [], { mode: 'set' })).error?.message).toBe(
      'expected_sha256 is an empty list: no answer to compare with',
    );
  });

  it('is version 5, so cached exact_match scores are computed again', () => {
    expect(getMetricDefinition('exact_match')?.version).toBe('5');
  });
});

describe('ground_truth_protection against an empty list of hashes (QA253)', () => {
  const gtp = async (expectedSha256: unknown, expected?: unknown) =>
    scoreMetric(
      metric({ type: 'ground_truth_protection' }),
      scoreInput({ candidates: { answer: '' }, expectedSha256, expected }),
    );

  it('says the list is empty, not that the example has no expected_sha256', async () => {
    expect((await gtp({ answer: [] })).error?.message).toBe(
      'expected_sha256 is an empty list: no answer to compare with',
    );
    // Without expected_sha256 the message is as before, and an expected value is still read.
    expect((await gtp(undefined)).error?.message).toBe(
      'the example has neither expected_sha256 nor expected',
    );
    expect((await gtp({ answer: [] }, { answer: '' })).score).toBe(1);
  });

  it('is version 4, so a cached metric_error is scored again', () => {
    expect(getMetricDefinition('ground_truth_protection')?.version).toBe('4');
  });
});
