/**
 * Float noise around zero (a paired difference of −5.6e-17) must not print as "-0.000" in reports
 * or gate messages: the change is none, and the text is byte-stable across machines.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { formatCi, formatMeanCi, formatNumber } from '../../src/reports/format.js';
import { metric } from '../metrics/helpers.js';

const judge = metric({ type: 'judge', judge: 'j' });

function run(scores: number[]): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 200 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [judge],
        datasets: [
          {
            id: 'd',
            weight: 1,
            agents: {
              a1: scores.map((s, i) => ({
                example: `e${i}`,
                weight: 1,
                invokeErrors: 0,
                repeats: 1,
                metrics: { judge: { score: s, errors: 0 } },
              })),
            },
          },
        ],
      },
    ],
  };
}

describe('numbers that round to zero', () => {
  it('print without a minus sign in reports; real negatives keep theirs', () => {
    expect(formatNumber(-1e-17)).toBe('0.000');
    expect(formatCi([-1e-17, 0.5])).toBe('[0.00, 0.50]');
    expect(formatMeanCi(-0.0001, [-0.004, 0])).toBe('0.000 [0.00, 0.00]');
    // with the minus sign U+2212, as Δ prints it (QA158)
    expect(formatNumber(-0.25)).toBe('−0.250');
    expect(formatCi([-0.5, -0.006])).toBe('[−0.50, −0.01]');
  });

  it('print without a minus sign in a regression gate message', () => {
    // 0.1 + 0.2 = 0.30000000000000004: every paired difference is float noise.
    const baseline = flattenResults(run([0.3, 0.3, 0.3, 0.6]));
    const current = run([0.1 + 0.2, 0.1 + 0.2, 0.1 + 0.2, 0.6]);
    const [gate] = evaluateGates(
      [{ metric: 'judge', regression: { max_drop: 0 } }],
      { aggregate: aggregate(current), rows: flattenResults(current) },
      baseline,
      { significance: 0.05, seed: 7, resamples: 200 },
    );
    expect(gate?.message).toContain('0.375 → 0.375');
    expect(gate?.message).not.toMatch(/-0\.000/);
  });
});
