/**
 * QA64: README says Pearson r is undefined when the judge's (or the humans') scores are all equal
 * (scipy: NaN), so that dataset has no `judge_agreement` figure. A judge that gave 0.8 to every
 * answer still got one: the float mean of [0.8, 0.8, 0.8] is 0.8000000000000002, so the spread was
 * rounding noise, not 0, and r came out of it (−6.3e-17 in the lock; it can be anything in [−1, 1]).
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { pearson } from '../../src/metrics/stats/correlation.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

describe('Pearson r of a constant series (QA64)', () => {
  it('is undefined whatever the float mean rounds to', () => {
    expect(pearson([0.8, 0.8, 0.8], [0.9, 0.7, 0.2])).toBeNull();
    expect(pearson([0.9, 0.7, 0.2], [0.1, 0.1, 0.1])).toBeNull();
    expect(pearson([0.7, 0.7, 0.7, 0.7, 0.7], [1, 2, 3, 4, 5])).toBeNull();
    // a real spread is still a correlation
    expect(pearson([0.2, 0.5, 0.8], [1, 2, 3])).toBeCloseTo(1, 12);
  });

  it('leaves a dataset judged 0.8 throughout without a judge_agreement score', () => {
    const examples: ExampleOutcome[] = [0.9, 0.7, 0.2].map((human, i) => ({
      example: `e${i}`,
      weight: 1,
      invokeErrors: 0,
      repeats: 1,
      human_score: human,
      metrics: { judge: { score: 0.8, errors: 0 } },
    }));
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 1, resamples: 50 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [metric({ type: 'judge', judge: 'j' }), metric({ type: 'judge_agreement' })],
          datasets: [{ id: 'd', weight: 1, agents: { a: examples } }],
        },
      ],
    });
    const agreement = report.agents.a?.tasks.t?.datasets.d?.metrics.judge_agreement;
    expect(agreement?.score?.mean ?? null).toBeNull();
    expect(agreement?.value?.mean ?? null).toBeNull();
    expect((agreement?.details as { pearson?: unknown } | undefined)?.pearson ?? null).toBeNull();
  });
});
