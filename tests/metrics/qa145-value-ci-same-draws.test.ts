/**
 * QA145: a metric whose measurement is a function of its score on every example — bleu's value is
 * 100 × its score, refusal_rate's (should_refuse: false) 1 − its score — showed two bootstrap CIs
 * that disagree: `bleu` 0.386 [0.16, 0.57] beside `bleu value` 38.6 [15.70, 59.64] in report.md,
 * because score and value were resampled from two streams (seeded by agent, metric and field). One
 * stream per agent × metric draws the same examples for both, so the intervals agree; the score's
 * CIs are the ones they were (its seed is unchanged).
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const BLEU = [0.2627, 0, 0.2056, 0.3863, 0, 1, 0.5503];
const WEIGHTS = [2, 1, 0.5, 1, 1, 1, 3];

function outcomes(): ExampleOutcome[] {
  return BLEU.map((s, i) => ({
    example: `e${i}`,
    weight: WEIGHTS[i] ?? 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: {
      bleu: { score: s, value: 100 * s, errors: 0 },
      refusal_rate: { score: i % 3 === 0 ? 0 : 1, value: i % 3 === 0 ? 1 : 0, errors: 0 },
    },
  }));
}

describe('score and value CIs of one metric come from the same resamples (QA145)', () => {
  it('bleu value CI = 100 × score CI; refusal_rate value CI = 1 − score CI', () => {
    const r = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 1000 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [metric({ type: 'bleu' }), metric({ type: 'refusal_rate', should_refuse: false })],
          datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes() } }],
        },
      ],
    });
    const bleu = r.agents.a1?.metrics.bleu;
    const [lo, hi] = bleu?.score?.ci ?? [Number.NaN, Number.NaN];
    expect(hi).toBeGreaterThan(lo);
    expect(bleu?.value?.ci?.[0]).toBeCloseTo(100 * lo, 9);
    expect(bleu?.value?.ci?.[1]).toBeCloseTo(100 * hi, 9);
    const refusal = r.agents.a1?.metrics.refusal_rate;
    const [rlo, rhi] = refusal?.score?.ci ?? [Number.NaN, Number.NaN];
    expect(refusal?.value?.ci?.[0]).toBeCloseTo(1 - rhi, 9);
    expect(refusal?.value?.ci?.[1]).toBeCloseTo(1 - rlo, 9);
  });
});
