/**
 * QA217: categorical κ maps a judge score s to round(s·(K−1)) + 1 with halves rounded up, as
 * JavaScript's Math.round does (README: "a half rounded up"). Python's round() rounds halves to
 * even, so a reference written in Python labels 0.25 (K = 3, 0.25·2 = 0.5) as 1, not 2. Worked by hand
 * and with an own Cohen's κ in Python (the checker's /tmp/qa217/p13, a scripted agent-eval judge):
 * judge 0.8, 0.2, 0.5, 0.9, 0.25, 0.75 → labels 3, 1, 2, 3, 2, 3 (0.75·2 = 1.5 → 2 → label 3);
 * human 3, 1, 2, 2, 2, 3. pₒ = 5/6; judge shares {1: 1/6, 2: 2/6, 3: 3/6}, human {1: 1/6, 2: 3/6, 3: 2/6};
 * pₑ = (1·1 + 2·3 + 3·2)/36 = 13/36; κ = (30/36 − 13/36) / (23/36) = 17/23 = 0.739130434783
 * (labelling 0.25 as 1 would give 0.52).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function kappa(judge: number[], human: number[]) {
  const m = metric({ type: 'judge_agreement', primary: 'kappa', kappa: 'categorical', categories: 3 });
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

describe('categorical κ labels a judge score on a half between categories (QA217)', () => {
  it('rounds the half up: 0.25 with K = 3 is label 2', () => {
    const r = kappa([0.8, 0.2, 0.5, 0.9, 0.25, 0.75], [3, 1, 2, 2, 2, 3]);
    expect(r.value).toBeCloseTo(17 / 23, 12);
    expect((r.details as { observedAgreement?: number }).observedAgreement).toBeCloseTo(5 / 6, 12);
  });
});
