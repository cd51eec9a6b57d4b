/**
 * QA158: a list of hashes (`expected_sha256: {answer: [h1, h2]}`, one per acceptable answer) is an
 * expected value for the metrics that read hashes, as one hash is: validate warned
 * EVALC_REF_EXPECTED ("reads expected.answer, which no example of dataset d has") beside an
 * exact_match that scores such examples.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const [h1, h2] = ['ab'.repeat(32), 'cd'.repeat(32)];

async function warningsFor(metric: string, hashes: unknown): Promise<string[]> {
  const line = JSON.stringify({ id: 'a', vars: { q: 'x' }, expected_sha256: { answer: hashes } });
  const r = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${line}\n` }, [metric]);
  return r.diagnostics.map((d) => `${d.code} ${d.message}`);
}

describe('validate reads a list of hashed answers (QA158)', () => {
  it('as an expected value for exact_match and ground_truth_protection', async () => {
    expect(await warningsFor('{ type: exact_match, candidate: answer, expected: answer }', [h1, h2])).toEqual(
      [],
    );
    expect(
      await warningsFor('{ type: ground_truth_protection, candidate: answer, expected: answer }', [h1, h2]),
    ).toEqual([]);
  });

  it('but not an empty list, nor for a metric that cannot read hashes', async () => {
    expect(await warningsFor('{ type: exact_match, candidate: answer, expected: answer }', [])).toEqual([
      'EVALC_REF_EXPECTED `exact_match` reads expected.answer, which no example of dataset d has',
    ]);
    expect((await warningsFor('{ type: f1, candidate: answer, expected: answer }', [h1, h2]))[0]).toMatch(
      /^EVALC_REF_EXPECTED `f1` reads expected.answer/,
    );
  });
});
