/**
 * QA154: a CSV whose `expected` column holds the whole expected value (JSON in a cell) beside a hash
 * of one of its fields, `expected_sha256.answer`, leaves the `expected` cell empty on a hashed row.
 * QA145 made an empty `expected` cell "not given" only beside a hash of the same path, so this
 * row still read `expected: ""`, and exact_match compared the agent's answer with "" (0 for the
 * right one) instead of checking the hash. A hash on either side of the other's path now empties it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from '../metrics/helpers.js';

const values = (text: string) => parseDataset('d.csv', text, 'csv').rows.map((r) => r.value);
const PARIS = createHash('sha256').update('Paris').digest('hex');

describe('CSV: an empty whole expected cell beside the hash of one of its fields (QA154)', () => {
  const text = `id,expected,expected_sha256.answer\npublic,"{""answer"": ""Rome""}",\nhashed,,${PARIS}\nempty,,\n`;

  it('reads the hashed row without an expected value', () => {
    expect(values(text)).toEqual([
      { id: 'public', vars: {}, expected: { answer: 'Rome' } },
      { id: 'hashed', vars: {}, expected_sha256: { answer: PARIS } },
      { id: 'empty', vars: {}, expected: '' },
    ]);
  });

  it('so exact_match checks the answer against the hash', async () => {
    const hashed = values(text)[1] as { expected?: unknown; expected_sha256?: unknown };
    const score = async (answer: string) =>
      (
        await scoreMetric(
          metric({ type: 'exact_match', candidate: 'answer', expected: 'answer' }),
          scoreInput({
            candidates: { answer },
            expected: hashed.expected,
            expectedSha256: hashed.expected_sha256,
          } as never),
        )
      ).score;
    expect(await score('Paris')).toBe(1);
    expect(await score('Rome')).toBe(0);
  });

  it('a field cell beside the hash of a field inside it, and a field beside another field, as before', () => {
    const nested = `id,expected.city,expected_sha256.city.name,expected.note\nh,,${PARIS},\n`;
    expect(values(nested)).toEqual([
      { id: 'h', vars: {}, expected: { note: '' }, expected_sha256: { city: { name: PARIS } } },
    ]);
  });
});
