/**
 * QA145: a CSV that keeps some answers public and others hashed has both columns,
 * `expected.answer` and `expected_sha256.answer`, and leaves one of the two cells empty on each
 * row. An empty cell is `""` (README), so a hashed row had `expected.answer: ""` — exact_match
 * compared the agent's answer with "" (0 for the right answer; it falls back to the hash only
 * when `expected` is absent) — and a public row had the hash `""`, which no answer matches. On a
 * row whose hash cell is filled, an empty `expected` cell is now "not given", and an empty
 * `expected_sha256` cell is never a hash: not given either.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from '../metrics/helpers.js';

const values = (text: string) => parseDataset('d.csv', text, 'csv').rows.map((r) => r.value);
const PARIS = createHash('sha256').update('"Paris"').digest('hex');

describe('CSV: an empty expected cell beside a hash on its row (QA145)', () => {
  const text = `id,q,expected.answer,expected_sha256.answer\npublic,a,Rome,\nhashed,b,,${PARIS}\nempty,c,,\n`;

  it('reads the hashed row without an expected answer and the public row without a hash', () => {
    expect(values(text)).toEqual([
      { id: 'public', vars: { q: 'a' }, expected: { answer: 'Rome' } },
      { id: 'hashed', vars: { q: 'b' }, expected_sha256: { answer: PARIS } },
      // No hash on the row: an empty expected cell is still the text "" (an answer may be empty).
      { id: 'empty', vars: { q: 'c' }, expected: { answer: '' } },
    ]);
  });

  it('so exact_match checks the hashed row against its hash', async () => {
    const hashed = values(text)[1] as { expected?: unknown; expected_sha256?: unknown };
    const result = await scoreMetric(
      metric({ type: 'exact_match' }),
      scoreInput({
        candidates: { answer: 'Paris' },
        expected: hashed.expected,
        expectedSha256: hashed.expected_sha256,
      } as never),
    );
    expect(result.score).toBe(1);
  });

  it('a whole-value hash column empties a whole-value expected cell too', () => {
    expect(values(`id,expected,expected_sha256\nh,,${PARIS}\np,Rome,\n`)).toEqual([
      { id: 'h', vars: {}, expected_sha256: PARIS },
      { id: 'p', vars: {}, expected: 'Rome' },
    ]);
  });
});
