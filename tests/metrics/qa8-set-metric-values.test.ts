/**
 * QA8: set metrics keep their measurement above the dataset. judge_agreement's signed Pearson r
 * was in each dataset node's `value` but the task and benchmark nodes kept only the mean of
 * max(0, r): a judge that disagreed with the humans on one dataset (r = −0.27) and agreed on
 * another (r = 0.58) showed 0.19 at the benchmark and no correlation at all.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/index.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const judge = metric({ type: 'judge', judge: 'j' });
const agreement = metric({ type: 'judge_agreement', metric: 'judge' });

function outcomes(pairs: [number, number][]): ExampleOutcome[] {
  return pairs.map(([j, h], i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    human_score: h,
    metrics: { judge: { score: j, errors: 0 } },
  }));
}

describe('set metrics aggregate their value up the hierarchy (QA8)', () => {
  it('keeps the signed correlation at task and benchmark, weighted like the score', () => {
    const report = aggregate({
      benchmark: 'b',
      tasks: [
        {
          id: 't1',
          weight: 1,
          metrics: [judge, agreement],
          datasets: [
            // judge goes down as humans go up: r = −1 (score max(0, r) = 0)
            {
              id: 'd1',
              weight: 2,
              agents: {
                a: outcomes([
                  [0.1, 0.3],
                  [0.2, 0.2],
                  [0.3, 0.1],
                ]),
              },
            },
            // exactly linear: r = 1
            {
              id: 'd2',
              weight: 1,
              agents: {
                a: outcomes([
                  [0.1, 0.2],
                  [0.5, 0.4],
                  [0.9, 0.6],
                ]),
              },
            },
          ],
        },
        {
          id: 't2',
          weight: 3,
          metrics: [judge, agreement],
          datasets: [
            {
              id: 'd3',
              weight: 1,
              agents: {
                a: outcomes([
                  [0.2, 0.1],
                  [0.4, 0.5],
                  [0.8, 0.9],
                ]),
              },
            },
          ],
        },
      ],
      bootstrap: { seed: 1, resamples: 20 },
    });
    const a = report.agents.a;
    const d1 = a?.tasks.t1?.datasets.d1?.metrics.judge_agreement;
    expect(d1?.value?.mean).toBeCloseTo(-1, 12);
    expect(d1?.score?.mean).toBe(0);
    const t1 = a?.tasks.t1?.metrics.judge_agreement;
    // score (2·0 + 1·1)/3 = 1/3; value (2·(−1) + 1·1)/3 = −1/3
    expect(t1?.score?.mean).toBeCloseTo(1 / 3, 12);
    expect(t1?.value?.mean).toBeCloseTo(-1 / 3, 12);
    // d3: dx = −.2667, −.0667, .3333; dy = −.4, 0, .4 → Σdxdy = .1067 + .1333 = .24, Σdx² = .56/3, Σdy² = .32
    const r3 = 0.24 / Math.sqrt((0.56 / 3) * 0.32); // 0.98198
    expect(a?.tasks.t2?.metrics.judge_agreement?.value?.mean).toBeCloseTo(r3, 12);
    // benchmark: tasks weigh 1 and 3
    expect(a?.metrics.judge_agreement?.value?.mean).toBeCloseTo((1 * (-1 / 3) + 3 * r3) / 4, 12);
    expect(a?.metrics.judge_agreement?.score?.mean).toBeCloseTo((1 * (1 / 3) + 3 * r3) / 4, 12);
  });
});
