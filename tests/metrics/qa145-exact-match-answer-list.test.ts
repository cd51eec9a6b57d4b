/**
 * QA145: a SQuAD-style example lists its acceptable answers, `expected: { answer: ["Denver
 * Broncos", "Broncos"] }`. `f1`, `bleu` and `rouge_l` score the best over them (README), and SQuAD's
 * exact match is the max over them too; `exact_match` compared the text "Denver Broncos" with the
 * whole list in scalar mode — a text never equals a list — so every such example scored 0 beside
 * an f1 of 1. In scalar mode a text (or number) candidate against a list now passes when it equals
 * one of its items (same normalisation); a list candidate is still compared with the whole list.
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const score = async (config: Record<string, unknown>, answer: unknown, expected: unknown) =>
  (
    await scoreMetric(
      metric({ type: 'exact_match', ...config }),
      scoreInput({ candidates: { answer }, expected }),
    )
  ).score;

describe('exact_match against a list of acceptable answers (QA145)', () => {
  const answers = ['Denver Broncos', 'Broncos'];

  it('passes when the text equals one of them, as f1 takes the best of them', async () => {
    expect(await score({}, 'Denver Broncos', answers)).toBe(1);
    expect(await score({}, ' Broncos ', answers)).toBe(1);
    expect(await score({}, 'broncos', answers)).toBe(0);
    expect(await score({ ignore_case: true, ignore_punctuation: true }, 'broncos!', answers)).toBe(1);
    expect(await score({}, 'Carolina', answers)).toBe(0);
    expect(await score({}, 42, ['41', '42'])).toBe(1);
    expect(
      (
        await scoreMetric(
          metric({ type: 'f1' }),
          scoreInput({ candidates: { answer: 'Denver Broncos' }, expected: answers }),
        )
      ).score,
    ).toBe(1);
  });

  it('still compares a list candidate with the whole list, and set/list modes are unchanged', async () => {
    expect(await score({}, ['Broncos', 'Denver Broncos'], answers)).toBe(0);
    expect(await score({}, ['Denver Broncos', 'Broncos'], answers)).toBe(1);
    expect(await score({ mode: 'set' }, ['Broncos'], answers)).toBe(0);
    expect(await score({ mode: 'list' }, 'Broncos', ['Broncos'])).toBe(1);
    expect(await score({}, 'Broncos', [])).toBe(0);
  });
});
