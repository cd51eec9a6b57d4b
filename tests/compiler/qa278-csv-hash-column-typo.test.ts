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
