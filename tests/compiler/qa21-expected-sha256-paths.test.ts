/**
 * QA21: validate's check of `expected:` paths (EVALC_REF_EXPECTED) when the examples keep their
 * ground truth as `expected_sha256`. A hash stands for the value only for the metrics that read
 * hashes (exact_match, ground_truth_protection) and only at the path they read: a typo beside
 * `expected_sha256: {answer: …}`, or an f1 metric over hashed answers, scores nothing but
 * metric_error at run time, so validate warns.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function warningsFor(metric: string): Promise<string[]> {
  const r = await loadDatasetPlan(
    'd.jsonl',
    { 'd.jsonl': `{"id":"a","vars":{"q":"x"},"expected_sha256":{"answer":"${hash}"}}\n` },
    [metric],
  );
  return r.diagnostics.map((d) => `${d.code} ${d.message} | ${d.hint ?? ''}`);
}

describe('expected paths over hashed ground truth (QA21)', () => {
  it('accepts the path the hashes are kept under', async () => {
    expect(
      await warningsFor('{ type: ground_truth_protection, candidate: answer, expected: answer }'),
    ).toEqual([]);
    expect(await warningsFor('{ type: exact_match, candidate: answer, expected: answer }')).toEqual([]);
  });

  it('warns about a typo in the path, naming the hashed field', async () => {
    expect(
      await warningsFor('{ type: ground_truth_protection, candidate: answer, expected: answr }'),
    ).toEqual([
      'EVALC_REF_EXPECTED `ground_truth_protection` reads expected.answr, which no example of dataset d has | did you mean `answer`?',
    ]);
  });

  it('warns when a metric that cannot read hashes is given only hashes', async () => {
    expect(await warningsFor('{ type: f1, candidate: answer, expected: answer }')).toEqual([
      'EVALC_REF_EXPECTED `f1` reads expected.answer, which no example of dataset d has | the examples keep it only as expected_sha256, which `f1` cannot read (exact_match and ground_truth_protection can)',
    ]);
  });
});
