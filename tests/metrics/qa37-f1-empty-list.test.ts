/**
 * f1 against an empty list of expected answers. QA37: it said "f1 produced an invalid score
 * -Infinity" and became a metric_error. QA249: SQuAD v2's evaluate script, whose F1 `f1` follows,
 * keeps the answers with tokens once normalised and, with none left, compares with the empty answer
 * (`gold_answers = ['']`; `compute_f1`: `if len(gold_toks) == 0 or len(pred_toks) == 0: return
 * int(gold_toks == pred_toks)`): `[]` against `[]` scores 1, as exact_match scores it, and an answer
 * with tokens 0. Figures from the script's lines (/tmp/qa249/squad_v2_ref.py when written).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const f1 = async (answer: unknown, expected: unknown) =>
  scoreMetric(metric({ type: 'f1' }), scoreInput({ candidates: { answer }, expected }));

describe('f1 with an empty list of expected answers (QA37, QA249)', () => {
  it('scores an empty list answer against an empty list 1, as exact_match does', async () => {
    expect((await f1([], { answer: [] })).score).toBe(1);
    expect((await f1([], { answer: [] })).error).toBeUndefined();
    const codes = await scoreMetric(
      metric({ type: 'f1', candidate: 'codes', expected: 'codes' }),
      scoreInput({ candidates: { codes: [] }, expected: { codes: [] } }),
    );
    expect(codes.score).toBe(1);
    const em = await scoreMetric(
      metric({ type: 'exact_match', candidate: 'codes', expected: 'codes' }),
      scoreInput({ candidates: { codes: [] }, expected: { codes: [] } }),
    );
    expect(em.score).toBe(1);
  });

  it('scores an empty text or null answer against an empty list 1', async () => {
    expect((await f1('', [])).score).toBe(1);
    expect((await f1('  ', [])).score).toBe(1);
    expect((await f1(null, [])).score).toBe(1);
  });

  it('scores an answer with tokens against an empty list 0 (one side empty)', async () => {
    expect((await f1('x', { answer: [] })).score).toBe(0);
    expect((await f1(['a1'], [])).score).toBe(0);
    // And the other side: an empty answer against answers with tokens.
    expect((await f1([], ['a1'])).score).toBe(0);
    expect((await f1('', ['Paris'])).score).toBe(0);
  });

  it('compares with the answers that have tokens once normalised, as SQuAD v2 does', async () => {
    // ["", "Paris"] and ["the", "Paris"] are ["Paris"] to the script: an empty answer scores 0, not 1.
    expect((await f1('', ['', 'Paris'])).score).toBe(0);
    expect((await f1('', ['the', 'Paris'])).score).toBe(0);
    expect((await f1('Paris', ['the', 'Paris'])).score).toBe(1);
    // Answers all empty once normalised are the empty answer: only an empty answer matches.
    expect((await f1('', ['', 'the'])).score).toBe(1);
    expect((await f1('x', [''])).score).toBe(0);
  });

  it('scores no candidate 0, as a missing candidate scores, even against "" or []', async () => {
    // Several outputs, none named answer: no candidate. Its text, '', was the empty answer (1).
    const none = async (expected: unknown) =>
      scoreMetric(metric({ type: 'f1' }), scoreInput({ candidates: { a: 'x', b: 'y' }, expected }));
    expect((await none([])).score).toBe(0);
    expect((await none('')).score).toBe(0);
    expect((await none('Paris')).score).toBe(0);
    // A candidate the binding did not extract: the same.
    const codes = await scoreMetric(
      metric({ type: 'f1', candidate: 'codes', expected: 'codes' }),
      scoreInput({ candidates: { answer: 'x' }, expected: { codes: [] } }),
    );
    expect(codes).toMatchObject({ score: 0 });
    expect(codes.error).toBeUndefined();
  });

  it('is version 6, so cached f1 scores are computed again', () => {
    expect(getMetricDefinition('f1')?.version).toBe('6');
  });
});
