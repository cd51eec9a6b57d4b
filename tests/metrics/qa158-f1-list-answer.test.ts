/**
 * QA158: f1 read a list answer as its JSON text, and SQuAD's normalisation drops the JSON's
 * punctuation, so the items were glued: `["red fox", "blue"]` read as "red foxblue" and scored 0.5
 * against the same list, `["a b", "c"]` 0 (the article "a" removed: "bc" against "b"). A list answer
 * is now the tokens of every item; against a list expected it is compared with the whole list (as
 * exact_match compares a list with a list), and a text against a list still takes the best of its
 * items (SQuAD's acceptable answers). Expected figures are hand-computed token F1s. bleu and
 * rouge_l read a list the same way (they scored the same list 0.093 and 0.8 against itself).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const f1 = async (answer: unknown, expected: unknown) =>
  (await scoreMetric(metric({ type: 'f1' }), scoreInput({ candidates: { answer }, expected }))).score;

describe('f1 with a list answer (QA158)', () => {
  it('scores a list answer against the same list 1', async () => {
    expect(await f1(['a b', 'c'], ['a b', 'c'])).toBe(1);
    expect(await f1(['red fox', 'blue'], ['red fox', 'blue'])).toBe(1);
    expect(await f1(['Paris', ['Lyon', 'Nice']], ['paris', 'lyon', 'nice'])).toBe(1);
  });

  it('reads a list answer as the tokens of its items against a text', async () => {
    // [paris, london] against [paris, london]: 1; the JSON read "parislondon" (0).
    expect(await f1(['Paris', 'London'], 'Paris London')).toBe(1);
    // [red, fox, blue] against [red, fox]: P 2/3, R 1, F1 0.8.
    expect(await f1(['red fox', 'blue'], 'red fox')).toBeCloseTo(0.8, 12);
  });

  it('compares a list answer with the whole expected list', async () => {
    // [red, fox] against [red, fox, blue]: P 1, R 2/3, F1 0.8.
    expect(await f1(['red fox'], ['red fox', 'blue'])).toBeCloseTo(0.8, 12);
    // [green] against [red, fox, blue]: no common token.
    expect(await f1(['green'], ['red fox', 'blue'])).toBe(0);
  });

  it('still takes the best acceptable answer for a text against a list', async () => {
    // "denver broncos" against "denver broncos": 1 (against "broncos": P 1/2, R 1, 0.667).
    expect(await f1('Denver Broncos', ['Denver Broncos', 'Broncos'])).toBe(1);
    // "the broncos" → [broncos] against [denver, broncos]: P 1, R 1/2, F1 0.667; against [broncos]: 1.
    expect(await f1('the Broncos', ['Denver Broncos', 'Broncos'])).toBe(1);
    // "paris london" against [paris] or [london]: P 1/2, R 1, F1 2/3 each.
    expect(await f1('paris london', ['paris', 'london'])).toBeCloseTo(2 / 3, 12);
  });

  it('is version 4 or later, so cached f1 scores are computed again', () => {
    expect(Number(getMetricDefinition('f1')?.version)).toBeGreaterThanOrEqual(4);
  });
});

const score = async (type: string, answer: unknown, expected: unknown) =>
  (await scoreMetric(metric({ type }), scoreInput({ candidates: { answer }, expected }))).score;

describe('bleu and rouge_l with a list answer (QA158)', () => {
  it('score a list answer against the same list 1 (its JSON text scored bleu 0.093, rouge_l 0.8)', async () => {
    for (const type of ['bleu', 'rouge_l']) {
      expect(await score(type, ['red fox', 'blue'], ['red fox', 'blue']), type).toBe(1);
      expect(
        await score(type, ['the quick brown fox', 'jumps over'], 'the quick brown fox jumps over'),
        type,
      ).toBe(1);
    }
  });

  it('compare a list answer with the whole list, and a text with the best item', async () => {
    // rouge_l: [red, fox] against [red, fox, blue]: LCS 2, P 1, R 2/3, F 0.8.
    expect(await score('rouge_l', ['red fox'], ['red fox', 'blue'])).toBeCloseTo(0.8, 12);
    // A text against a list still takes the best item: "red fox" is one of them.
    expect(await score('rouge_l', 'red fox', ['red fox', 'blue'])).toBe(1);
    expect(await score('bleu', 'red fox', ['red fox', 'blue'])).toBe(1);
    // An empty list of references still scores 0.
    expect(await score('bleu', ['red fox'], [])).toBe(0);
    expect(await score('rouge_l', ['red fox'], [])).toBe(0);
  });

  it('are versions 3', () => {
    expect(getMetricDefinition('bleu')?.version).toBe('3');
    expect(getMetricDefinition('rouge_l')?.version).toBe('3');
  });
});
