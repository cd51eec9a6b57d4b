/**
 * QA177: a weight near a double's range times an ordinary measurement overflows too. 02919e6
 * scaled weights of 1e308 so that their sums stay finite (about 2^998 each), and 44dc30c scaled
 * values only when the largest |value| reached 2^900: an example of weight 1e308 whose numeric
 * absolute error is 1e10 summed w·x to Infinity, and the value mean and CI were NaN (`null` in
 * evalc.lock, as 44dc30c fixed for the value alone). By hand: (1e10 + 3e10) / 2 = 2e10.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const m = metric({ type: 'numeric', id: 'numeric' });

function ex(id: string, value: number, weight: number): ExampleOutcome {
  return {
    example: id,
    weight,
    invokeErrors: 0,
    repeats: 1,
    metrics: { numeric: { score: 0, value, errors: 0 } },
  };
}

describe('a weight near a double’s range times an ordinary value (QA177)', () => {
  it('example weights of 1e308 and values of 1e10 give the mean by hand, with a CI holding it', () => {
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 200 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [m],
          datasets: [{ id: 'd', weight: 1, agents: { a: [ex('e1', 1e10, 1e308), ex('e2', 3e10, 1e308)] } }],
        },
      ],
    });
    for (const node of [report.agents.a?.tasks.t?.datasets.d, report.agents.a?.tasks.t, report.agents.a]) {
      const value = node?.metrics.numeric?.value;
      expect(value?.mean).toBe(2e10);
      const [lo, hi] = value?.ci ?? [Number.NaN, Number.NaN];
      expect(lo).toBeGreaterThanOrEqual(1e10);
      expect(hi).toBeLessThanOrEqual(3e10);
    }
  });

  it('a single task weight of 1e300 times a value of 1e10 stays finite', () => {
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 50 },
      tasks: [
        {
          id: 't1',
          weight: 1e300,
          metrics: [m],
          datasets: [{ id: 'd', weight: 1, agents: { a: [ex('e', 1e10, 1)] } }],
        },
      ],
    });
    expect(report.agents.a?.metrics.numeric?.value?.mean).toBe(1e10);
    expect(report.agents.a?.metrics.numeric?.value?.ci).toEqual([1e10, 1e10]);
  });
});
