/**
 * QA25 (mutation audit): judge_agreement's categorical Cohen's κ had no test — mapping the judge
 * score to a category with s / (K − 1) instead of s · (K − 1) passed the suite. Values worked by
 * hand; the same labels give sklearn.metrics.cohen_kappa_score([1,3,5,2], [1,3,5,3]) = 0.6667.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function agreement(config: Record<string, unknown>, judge: number[], human: number[]) {
  const m = metric({ type: 'judge_agreement', ...config });
  const d = getMetricDefinition(m.type);
  if (d?.stage !== 'set') throw new Error('judge_agreement is not a set metric');
  const examples: ExampleOutcome[] = judge.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    human_score: human[i] as number,
    metrics: { judge: { score: s, errors: 0 } },
  }));
  return d.compute({ agent: 'a', examples, others: {} }, m.params);
}

describe("judge_agreement with categorical Cohen's κ", () => {
  it('maps a judge score s to round(s·(K−1)) + 1 and compares with the rounded human score', () => {
    // K = 5: judge 0, 0.5, 1, 0.25 → 1, 3, 5, 2; human 1, 3, 5, 3 (already categories).
    // pₒ = 3/4 (the last differs); label shares judge {1,3,5,2: ¼ each}, human {1: ¼, 3: ½, 5: ¼}
    // pₑ = ¼·¼ + ¼·½ + ¼·¼ + ¼·0 = 4/16 = ¼; κ = (¾ − ¼) / (1 − ¼) = 2/3.
    const r = agreement(
      { primary: 'kappa', kappa: 'categorical', categories: 5 },
      [0, 0.5, 1, 0.25],
      [1, 3, 5, 3],
    );
    expect(r.value).toBeCloseTo(2 / 3, 12);
    expect(r.score).toBeCloseTo(2 / 3, 12);
    expect((r.details as { observedAgreement?: number }).observedAgreement).toBe(0.75);
  });

  it('rounds a human score to its category (2.6 → 3) before comparing', () => {
    // the same labels as above with human 1.2, 2.6, 4.8, 3.4 → 1, 3, 5, 3: κ = 2/3 again
    const r = agreement({ primary: 'kappa', kappa: 'categorical' }, [0, 0.5, 1, 0.25], [1.2, 2.6, 4.8, 3.4]);
    expect(r.value).toBeCloseTo(2 / 3, 12);
  });
});
