/**
 * QA25 (mutation audit): text metrics against their references where the suite only checked a
 * perfect match — the bleu metric's score is BLEU / 100 for a BLEU that is not 100 (sacreBLEU's
 * published 8.493 for the issue-#98 pair), and SQuAD F1 of empty answers follows the official
 * SQuAD v2 script: `if len(gold_toks) == 0 or len(pred_toks) == 0: return int(gold_toks == pred_toks)`.
 */
import { describe, expect, it } from 'vitest';
import { squadF1 } from '../../src/metrics/families/squad-f1.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

// sacreBLEU test/test_sentence_bleu.py (sacreBLEU issue #98): sentence_bleu = 8.493 (13a, exp).
const REF = 'producţia de zahăr brut se exprimă în zahăr alb;';
const SYS = 'Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;';

describe('bleu metric', () => {
  it('scores BLEU / 100 and keeps BLEU as the value (8.493 → 0.08493)', async () => {
    const r = await scoreMetric(
      metric({ type: 'bleu' }),
      scoreInput({ candidates: { answer: SYS }, expected: REF }),
    );
    expect(Math.abs((r.value ?? Number.NaN) - 8.493)).toBeLessThan(1e-3);
    expect(Math.abs((r.score ?? Number.NaN) - 0.08493)).toBeLessThan(1e-5);
  });

  it('is a metric error, saying so, when the example has no reference', async () => {
    const r = await scoreMetric(metric({ type: 'bleu' }), scoreInput({ candidates: { answer: SYS } }));
    expect(r.score).toBeNull();
    expect(r.error?.kind).toBe('metric_error');
    expect(r.error?.message).toContain('no reference for this example');
  });
});

describe('SQuAD F1 of empty answers (official v2 script)', () => {
  it('is 0 when exactly one side is empty after normalisation', () => {
    expect(squadF1('', 'Paris')).toEqual({ f1: 0, precision: 0, recall: 0 });
    expect(squadF1('Paris', '')).toEqual({ f1: 0, precision: 0, recall: 0 });
  });

  it('is 1 when both are empty after normalisation ("the" and "a" are articles, "!" punctuation)', () => {
    expect(squadF1('the', 'a !')).toEqual({ f1: 1, precision: 1, recall: 1 });
  });
});
