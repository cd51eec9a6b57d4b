/**
 * QA25 (mutation audit): what rollupRepeats keeps of one example's repeats that no test pinned —
 * the details of a single repeat, the value of a repeats-stage metric (judge_stability's standard
 * deviation) and the error of a repeats-stage metric in the row's details.
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { RepeatResult, ScoreResult } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function repeat(i: number, results: Record<string, ScoreResult>): RepeatResult {
  return { repeat: i, candidates: {}, results, pass: true };
}

describe('rollupRepeats keeps what one example measured', () => {
  const exact = metric({ type: 'exact_match', id: 'em' });

  it('keeps the details of the only repeat when k = 1', () => {
    const o = rollupRepeats({
      example: { id: 'e' },
      metrics: [exact],
      repeats: [repeat(0, { em: { score: 1, pass: true, details: { compared: 'paris' } } })],
    });
    expect(o.metrics.em?.details).toEqual({ compared: 'paris' });
  });

  it('drops per-repeat details when there are several repeats (they differ per repeat)', () => {
    const o = rollupRepeats({
      example: { id: 'e' },
      metrics: [exact],
      repeats: [
        repeat(0, { em: { score: 1, pass: true, details: { compared: 'paris' } } }),
        repeat(1, { em: { score: 0, pass: false, details: { compared: 'lyon' } } }),
      ],
    });
    expect(o.metrics.em?.details).toBeUndefined();
    expect(o.metrics.em?.score).toBe(0.5);
    expect(o.metrics.em?.pass).toBe(false);
  });

  it("reports judge_stability's value: the population standard deviation of the judge's scores", () => {
    const scores = [0.8, 0.6, 0.9, 0.7, 0.8];
    const o = rollupRepeats({
      example: { id: 'e' },
      metrics: [
        metric({ type: 'judge', id: 'j', judge: 'grader' }),
        metric({ type: 'judge_stability', metric: 'j' }),
      ],
      repeats: scores.map((s, i) => repeat(i, { j: { score: s } })),
    });
    // mean = 3.8 / 5 = 0.76; squared deviations 0.0016 + 0.0256 + 0.0196 + 0.0036 + 0.0016 = 0.052;
    // population variance 0.052 / 5 = 0.0104; sd = √0.0104 = 0.10198039… (numpy.std, ddof = 0).
    // score = 1 − (0.9 − 0.6) = 0.7.
    expect(o.metrics.judge_stability?.value).toBeCloseTo(0.1019803903, 9);
    expect(o.metrics.judge_stability?.score).toBeCloseTo(0.7, 12);
  });

  it('puts the error of a repeats-stage metric in its details (pass_at_k with k > n)', () => {
    const o = rollupRepeats({
      example: { id: 'e' },
      metrics: [metric({ type: 'pass_at_k', id: 'p@3', k: 3 })],
      repeats: [repeat(0, {}), repeat(1, {})],
    });
    expect(o.metrics['p@3']).toMatchObject({ score: null, errors: 1 });
    const details = o.metrics['p@3']?.details as { error?: string; message?: string } | undefined;
    expect(details?.error).toBe('metric_error');
    expect(details?.message).toContain('k = 3 exceeds the 2 repeats');
  });
});
