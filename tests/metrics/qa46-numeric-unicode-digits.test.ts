/**
 * QA46: `numeric` read only ASCII digits, so an answer written with full-width digits (CJK
 * output: "１２３ apples") or Arabic-Indic digits ("١٢٣") was "candidate is not a number" (0),
 * where Python's float() reads both as 123. Unicode decimal digits now read as digits, and the
 * full-width sign, point and comma as their ASCII forms (numeric version 4).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

async function numeric(answer: unknown, expected: unknown) {
  return scoreMetric(
    metric({ type: 'numeric' }),
    scoreInput({ candidates: { answer }, expected: { answer: expected } }),
  );
}

describe('numeric reads Unicode decimal digits (QA46)', () => {
  it.each([
    ['１２３ apples', 123],
    ['\u0661\u0662\u0663', 123], // Arabic-Indic ١٢٣
    ['\u0967\u0966', 10], // Devanagari १०
    ['－５．５', -5.5], // full-width minus, digits and point
    ['１，０００', 1000], // full-width thousands comma
    ['\u{1D7D0}\u{1D7D1}', 23], // mathematical bold digits 𝟐𝟑 (a run of 50 digits: 5 sets of 0–9)
  ])('%s reads as %d', async (answer, expected) => {
    const r = await numeric(answer, expected);
    expect(r.score).toBe(1);
    expect(r.value).toBe(0);
  });

  it('keeps ASCII reading as it was, and superscripts are not digits ("10⁶" is 10)', async () => {
    expect((await numeric('1,5', 1)).score).toBe(1);
    expect((await numeric('10⁶', 10)).score).toBe(1);
    expect(getMetricDefinition('numeric')?.version).toBe('7');
  });
});
