/**
 * QA258: an example whose expected_sha256 has no field at the metric's path (a misspelt one,
 * `{answr: h}` for candidate `answer`) read 'the example has neither expected_sha256 nor expected'
 * (ground_truth_protection) and 'no expected value (nor expected_sha256) for this example'
 * (exact_match), of an example that has one (the case next to 7694e08f's empty list). Both name
 * the field and the fields there; a value there that is no hash is said so. No expected_sha256 at
 * all reads as before.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const errorOf = async (type: string, expectedSha256: unknown) =>
  (
    await scoreMetric(
      metric({ type, candidate: 'answer' }),
      scoreInput({ candidates: { answer: 'Paris' }, expectedSha256 }),
    )
  ).error?.message;

describe('expected_sha256 without the field a metric reads (QA258)', () => {
  it.each(['exact_match', 'ground_truth_protection'])(
    '%s names the field and the fields there',
    async (type) => {
      expect(await errorOf(type, { answr: sha('Paris') })).toBe(
        'expected_sha256 has no answer (its fields: answr)',
      );
      expect(await errorOf(type, { answer: 7 })).toBe(
        'expected_sha256.answer is not a hash (a hex sha256, or a list of them)',
      );
    },
  );

  it('reads as before without expected_sha256', async () => {
    expect(await errorOf('exact_match', undefined)).toBe(
      'no expected value (nor expected_sha256) for this example',
    );
    expect(await errorOf('ground_truth_protection', undefined)).toBe(
      'the example has neither expected_sha256 nor expected',
    );
  });
});
