/**
 * QA158 (QA154's finding): exact_match version 2 passes a text against a list of acceptable answers
 * (`expected: { answer: ["Denver Broncos", "Broncos"] }`) on an equal item, but the same answers kept
 * out of the repo as a list of hashes (`expected_sha256: { answer: [h1, h2] }`) were no expected
 * value: every example, the right answer included, was a metric_error "no expected value (nor
 * expected_sha256)", and ground_truth_protection alike. A list of hashes now stands for a list of
 * answers: the candidate passes on one it matches (exact_match 3, ground_truth_protection 2).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lintDataset } from '../../src/metrics/lint-dataset.js';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hashes = [sha('Denver Broncos'), sha('Broncos')];

const score = async (config: Record<string, unknown>, answer: unknown, expectedSha256: unknown) =>
  scoreMetric(metric(config), scoreInput({ candidates: { answer }, expectedSha256 }));

describe('a list of hashed acceptable answers (QA158)', () => {
  it('exact_match passes on one of them, as on a list of plain answers', async () => {
    for (const form of [{ answer: hashes }, hashes]) {
      expect((await score({ type: 'exact_match' }, 'Broncos', form)).score).toBe(1);
      expect((await score({ type: 'exact_match' }, 'Denver Broncos', form)).score).toBe(1);
      const wrong = await score({ type: 'exact_match' }, 'Carolina Panthers', form);
      expect(wrong).toMatchObject({ score: 0, details: { hashed: true } });
      expect(wrong.error).toBeUndefined();
    }
    // The plain list, for comparison.
    const plain = await scoreMetric(
      metric({ type: 'exact_match' }),
      scoreInput({ candidates: { answer: 'Broncos' }, expected: { answer: ['Denver Broncos', 'Broncos'] } }),
    );
    expect(plain.score).toBe(1);
    // One hash in a list is that hash; an empty list is the empty answer, as [] is (QA253: it was a
    // metric_error 'expected_sha256 is an empty list').
    expect((await score({ type: 'exact_match' }, 'Broncos', { answer: [hashes[1]] })).score).toBe(1);
    expect(await score({ type: 'exact_match' }, 'Broncos', { answer: [] })).toMatchObject({ score: 0 });
  });

  it('says a list of hashes compares one answer each in set and list modes', async () => {
    const r = await score({ type: 'exact_match', mode: 'set' }, ['Broncos'], { answer: hashes });
    expect(r.error?.message).toBe(
      'expected_sha256 is a list of hashes, one per acceptable answer, which mode: scalar compares; for mode: set give the hash of the whole list',
    );
  });

  it('ground_truth_protection passes on one of them', async () => {
    expect((await score({ type: 'ground_truth_protection' }, 'Broncos', { answer: hashes })).score).toBe(1);
    expect((await score({ type: 'ground_truth_protection' }, 'Panthers', { answer: hashes })).score).toBe(0);
  });

  it('evalc lint reads each hash of the list', () => {
    const findings = (expected_sha256: unknown) =>
      lintDataset([{ id: 'q1', vars: {}, expected_sha256 }]).filter(
        (f) => f.code === 'EVALC_LINT_EXPECTED_HASH',
      );
    expect(findings({ answer: hashes })).toEqual([]);
    expect(findings({ answer: [hashes[0], 'd41d8cd98f00b204e9800998ecf8427e'] })[0]?.message).toContain(
      'q1: expected_sha256.answer.1 is',
    );
  });

  it('bumps the versions, so cached metric_errors are scored again', () => {
    expect(getMetricDefinition('exact_match')?.version).toBe('5'); // 4 since QA249, 5 since QA253
    expect(getMetricDefinition('ground_truth_protection')?.version).toBe('4'); // 3 since QA249, 4 since QA253
  });
});
