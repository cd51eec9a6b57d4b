/**
 * QA278: a CSV keeping public and hashed answers (QA145) whose hash column is misspelt,
 * `expected.answer` beside `expected_sha256.answr`: each hashed row's empty `expected.answer` cell
 * is `""` (its hash is not that field's), so exact_match compared the answer with "" and scored 0,
 * and validate said nothing (4f38a0d4 warns only of an example with no expected value there).
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function warnings(file: string, text: string): Promise<string[]> {
  const r = await loadDatasetPlan(file, { [file]: text }, [
    '{ type: exact_match, candidate: answer, expected: answer }',
  ]);
  return r.diagnostics.map((d) => `${d.code} ${d.severity} ${d.message} | ${d.hint ?? ''}`);
}

describe('an empty expected value beside a hash under a near name (QA278)', () => {
  it('warns of the CSV rows whose hash column is misspelt', async () => {
    expect(
      await warnings(
        'd.csv',
        `id,q,expected.answer,expected_sha256.answr\na,x,Paris,\nb,x,,${hash}\nc,x,,${hash}\n`,
      ),
    ).toEqual([
      'EVALC_REF_EXPECTED warning `exact_match` reads expected.answer, which examples b, c have empty ("") beside an expected_sha256 without it (example b\'s fields: answr): their metric compares the answer with "" | rename `answr` to `answer` in example b\'s expected_sha256, as the other examples have it',
    ]);
  });

  it('warns of a JSONL example alike', async () => {
    expect(
      await warnings(
        'd.jsonl',
        `{"id":"a","vars":{"q":"x"},"expected":{"answer":"Paris"}}\n{"id":"b","vars":{"q":"x"},"expected":{"answer":""},"expected_sha256":{"answr":"${hash}"}}\n`,
      ),
    ).toHaveLength(1);
  });

  it('says nothing of a hash column spelt right, or of a hash under an unrelated name', async () => {
    expect(
      await warnings('d.csv', `id,q,expected.answer,expected_sha256.answer\na,x,Paris,\nb,x,,${hash}\n`),
    ).toEqual([]);
    expect(
      await warnings('d.csv', `id,q,expected.answer,expected_sha256.secret\na,x,Paris,\nb,x,,${hash}\n`),
    ).toEqual([]);
  });
});

it('says nothing of a hash field another metric reads (answers beside answer)', async () => {
  const r = await loadDatasetPlan(
    'd.csv',
    { 'd.csv': `id,q,expected.answer,expected_sha256.answers\na,x,Paris,\nb,x,,${hash}\n` },
    [
      '{ type: exact_match, candidate: answer, expected: answer }',
      '{ type: exact_match, id: em2, candidate: answer, expected: answers }',
    ],
  );
  expect(r.diagnostics.map((d) => d.message)).toEqual([]);
});

/**
 * QA278: exact_match or ground_truth_protection without `expected:` (README's `{ type:
 * ground_truth_protection, candidate: answer }`) reads its candidate's field; 4f38a0d4's check ran
 * only for a metric naming `expected:`, so a misspelt hash field in some examples, or in all, was
 * silent at validate and a metric_error at apply.
 */
describe('a misspelt hash field under a metric without expected: (QA278)', () => {
  async function bare(rows: string[]): Promise<string[]> {
    const r = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${rows.join('\n')}\n` }, [
      '{ type: ground_truth_protection, candidate: answer }',
    ]);
    return r.diagnostics.map((d) => `${d.code} ${d.severity} ${d.message} | ${d.hint ?? ''}`);
  }
  const row = (id: string, field: string) =>
    `{"id":"${id}","vars":{"q":"x"},"expected_sha256":{"${field}":"${hash}"}}`;

  it('warns of the examples that lack it beside others that have it', async () => {
    expect(await bare([row('a', 'answer'), row('b', 'answr')])).toEqual([
      "EVALC_REF_EXPECTED warning `ground_truth_protection` reads expected.answer (its candidate, as it has no expected:), which the expected_sha256 of example b does not have (example b's fields: answr): its metric is a metric_error | rename `answr` to `answer` in example b's expected_sha256, as the other examples have it",
    ]);
  });

  it('warns when every example lacks it', async () => {
    expect(await bare([row('a', 'answr'), row('b', 'answr')])).toEqual([
      "EVALC_REF_EXPECTED warning `ground_truth_protection` reads expected.answer (its candidate, as it has no expected:), which the expected_sha256 of examples a, b do not have (example a's fields: answr): their metric is a metric_error | rename `answr` to `answer` in example a's expected_sha256",
    ]);
  });

  it('says nothing when each has it, or of public expected values', async () => {
    expect(await bare([row('a', 'answer'), row('b', 'answer')])).toEqual([]);
    expect(
      await bare([
        `{"id":"a","vars":{"q":"x"},"expected":{"answer":"Paris"}}`,
        `{"id":"b","vars":{"q":"x"},"expected":"Paris"}`,
      ]),
    ).toEqual([]);
  });
});
