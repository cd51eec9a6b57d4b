/**
 * QA37: a set metric's `n` (win_rate, judge_agreement, position_bias) counts examples at every
 * level, as `NodeEstimate.n` says ("examples with a result") and as every other metric's n does.
 * Above the datasets it counted datasets, then tasks: a benchmark's judge_agreement over 6
 * examples said n = 1 in evalc.lock and report.json.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function ex(id: string, judge: number, human: number): ExampleOutcome {
  return {
    example: id,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    human_score: human,
    metrics: { judge: { score: judge, errors: 0 } },
  };
}

describe('set metric n (QA37)', () => {
  it('sums the examples of the datasets and tasks it averages', () => {
    const judge = metric({ type: 'exact_match', id: 'judge' });
    const agreement = metric({ type: 'judge_agreement' });
    const r = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 1, resamples: 50 },
      tasks: [
        {
          id: 't1',
          weight: 1,
          metrics: [judge, agreement],
          datasets: [
            { id: 'd1', weight: 1, agents: { a: [ex('1', 0.2, 1), ex('2', 0.4, 2), ex('3', 0.9, 3)] } },
            { id: 'd2', weight: 1, agents: { a: [ex('4', 0.1, 2), ex('5', 0.8, 1)] } },
          ],
        },
        {
          id: 't2',
          weight: 2,
          metrics: [judge, agreement],
          datasets: [{ id: 'e', weight: 1, agents: { a: [ex('6', 0.3, 1), ex('7', 0.6, 2)] } }],
        },
      ],
    });
    const a = r.agents.a;
    // d1: Pearson r of (0.2, 0.4, 0.9) vs (1, 2, 3), by hand: deviations −0.3 −0.1 0.4 and −1 0 1,
    // Σxy = 0.7, Σx² = 0.26, Σy² = 2, r = 0.7/√0.52 = 0.97073; d2 and e have two points (r = ±1).
    expect(a?.tasks.t1?.datasets.d1?.metrics.judge_agreement?.value?.mean).toBeCloseTo(
      0.7 / Math.sqrt(0.52),
      12,
    );
    expect(a?.tasks.t1?.datasets.d1?.metrics.judge_agreement?.value?.n).toBe(3);
    expect(a?.tasks.t1?.datasets.d2?.metrics.judge_agreement?.value?.n).toBe(2);
    expect(a?.tasks.t1?.metrics.judge_agreement?.value?.n).toBe(5);
    expect(a?.tasks.t1?.metrics.judge_agreement?.score?.n).toBe(5);
    expect(a?.tasks.t2?.metrics.judge_agreement?.score?.n).toBe(2);
    expect(a?.metrics.judge_agreement?.score?.n).toBe(7);
    expect(a?.metrics.judge_agreement?.value?.n).toBe(7);
    // The judge metric itself: n = 7 examples at the benchmark, the same count.
    expect(a?.metrics.judge?.score?.n).toBe(7);
  });
});
