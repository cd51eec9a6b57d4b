/**
 * QA25 (mutation audit): two small helpers whose every branch decides a user-visible number —
 * normalisation of object leaves (exact_match on JSON objects) and the decimal rounding of huge
 * figures (a mutant dropping either branch passed the whole suite).
 */
import { describe, expect, it } from 'vitest';
import { toFixedDecimal } from '../../src/metrics/decimal-round.js';
import { normalizeLeaves } from '../../src/metrics/normalize-value.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const score = async (config: Record<string, unknown>, answer: unknown, expected: unknown) =>
  (await scoreMetric(metric(config), scoreInput({ candidates: { answer }, expected }))).score;

describe('normalisation of JSON objects', () => {
  it('normalises the string leaves of an object and keeps its keys', () => {
    expect(
      normalizeLeaves({ city: '  Paris \n France ', n: 3, tags: [' A '] }, { ignore_case: true }),
    ).toEqual({
      city: 'paris france',
      n: 3,
      tags: ['a'],
    });
  });

  it('exact_match tells two objects apart by their leaves, and equates them after normalisation', async () => {
    const expected = { answer: { city: 'Lyon' } };
    expect(await score({ type: 'exact_match' }, { city: 'Paris' }, expected)).toBe(0);
    expect(await score({ type: 'exact_match' }, { city: ' Lyon  ' }, expected)).toBe(1);
    expect(await score({ type: 'exact_match' }, { town: 'Lyon' }, expected)).toBe(0);
  });
});

describe('toFixedDecimal on figures past 1e20', () => {
  it('prints 1e20 with three decimals as every digit, not an exponent spliced with a point', () => {
    // 10^20 · 10^3 = 10^23 prints as "1e+23", so the decimal path cannot be used; 10^20 itself is
    // below 10^21, where Number#toFixed still prints all digits: "1" + 20 zeros + ".000".
    expect(toFixedDecimal(1e20, 3)).toBe(`1${'0'.repeat(20)}.000`);
    expect(toFixedDecimal(-1e20, 1)).toBe(`-1${'0'.repeat(20)}.0`);
  });
});
