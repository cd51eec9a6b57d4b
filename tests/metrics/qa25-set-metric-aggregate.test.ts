/**
 * QA25 (mutation audit): a set metric (judge_agreement) aggregated over two datasets — its
 * dataset details and its signed value above the datasets were pinned by no test (dropping
 * either passed the suite). Correlations of exactly linear data are ±1 by hand.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const judge = metric({ type: 'judge', judge: 'j' });
const agreement = metric({ type: 'judge_agreement' });

function examples(judgeScores: number[], human: number[]): ExampleOutcome[] {
  return judgeScores.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    human_score: human[i] as number,
    metrics: { judge: { score: s, errors: 0 } },
  }));
}

const report = aggregate({
  benchmark: 'b',
  bootstrap: { seed: 1, resamples: 50 },
  tasks: [
    {
      id: 't',
      weight: 1,
      metrics: [judge, agreement],
      datasets: [
        // judge 0.2, 0.5, 0.8 against human 1, 2, 3: exactly linear, r = ρ = +1
        { id: 'agree', weight: 3, agents: { a: examples([0.2, 0.5, 0.8], [1, 2, 3]) } },
        // against human 3, 2, 1: r = ρ = −1
        { id: 'disagree', weight: 1, agents: { a: examples([0.2, 0.5, 0.8], [3, 2, 1]) } },
      ],
    },
  ],
});

describe('judge_agreement aggregated over datasets', () => {
  const task = report.agents.a?.tasks.t;

  it('keeps each dataset its correlations as details', () => {
    const d = task?.datasets.agree?.metrics.judge_agreement?.details as Record<string, number> | undefined;
    expect(d?.n).toBe(3);
    expect(d?.pearson).toBeCloseTo(1, 12);
    expect(d?.spearman).toBeCloseTo(1, 12);
    // binary κ: judge ≥ 0.5 → 0,1,1; human ≥ 0.5 → 1,1,1; pₒ = 2/3, pₑ = (2/3)(3/3) = 2/3 → κ = 0
    expect(d?.kappa).toBeCloseTo(0, 12);
    expect(d?.observedAgreement).toBeCloseTo(2 / 3, 12);
    const other = task?.datasets.disagree?.metrics.judge_agreement?.details as
      | Record<string, number>
      | undefined;
    expect(other?.pearson).toBeCloseTo(-1, 12);
  });

  it('carries the signed value up with the dataset weights, beside the clamped score', () => {
    // value: (3·(+1) + 1·(−1)) / 4 = 0.5; score = max(0, r) per dataset: (3·1 + 1·0) / 4 = 0.75
    expect(task?.metrics.judge_agreement?.value?.mean).toBeCloseTo(0.5, 12);
    expect(task?.metrics.judge_agreement?.score?.mean).toBeCloseTo(0.75, 12);
    expect(task?.metrics.judge_agreement?.value?.ci).toBeNull();
    // one task: the benchmark figures are the task's
    expect(report.agents.a?.metrics.judge_agreement?.value?.mean).toBeCloseTo(0.5, 12);
    expect(report.agents.a?.metrics.judge_agreement?.score?.mean).toBeCloseTo(0.75, 12);
  });
});
