/**
 * QA175: measurements near a double's range are averaged without overflowing. numeric's absolute
 * error 1.7976931348623157e308 (an answer of 1.7976931348623157e308 against 0) is finite, but
 * - two repeats of it summed to Infinity: the example's mean value was Infinity, left out of
 *   the lock row, and the dataset's value mean was `null` in evalc.lock;
 * - with one repeat, a bootstrap resample that drew it twice summed to Infinity: the CI's upper
 *   bound was `null` in evalc.lock, and report.md crashed on it ("internal error: TypeError:
 *   Cannot read properties of null (reading 'toFixed')").
 * The means, by hand: (MAX + 1 + 3) / 3 ≈ MAX / 3; the CI lies within [1, MAX].
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const MAX = Number.MAX_VALUE;
const m = metric({ type: 'numeric', id: 'numeric' });

function ex(id: string, value: number, weight = 1): ExampleOutcome {
  return {
    example: id,
    weight,
    invokeErrors: 0,
    repeats: 1,
    metrics: { numeric: { score: 0, value, errors: 0 } },
  };
}

describe('values near a double’s range (QA175)', () => {
  it('the mean over repeats of a finite value stays finite', () => {
    const result = { score: 0, pass: false, value: MAX };
    const outcome = rollupRepeats({
      example: { id: 'e1', weight: 1 },
      metrics: [m],
      repeats: [0, 1, 2].map((repeat) => ({
        repeat,
        candidates: {},
        results: { numeric: result },
        pass: false,
      })),
    });
    expect(outcome.metrics.numeric?.value).toBe(MAX);
  });

  it('dataset, task and benchmark means and CIs are finite, as by hand', () => {
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 200 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [m],
          datasets: [{ id: 'd', weight: 2, agents: { a: [ex('e1', MAX), ex('e2', 1), ex('e3', 3)] } }],
        },
      ],
    });
    for (const node of [report.agents.a?.tasks.t?.datasets.d, report.agents.a?.tasks.t, report.agents.a]) {
      const value = node?.metrics.numeric?.value;
      expect(value?.mean).toBeCloseTo(MAX / 3, -300);
      expect(value?.mean).toBeGreaterThan(MAX / 3 - 1e293);
      expect(value?.mean).toBeLessThan(MAX / 3 + 1e293);
      const [lo, hi] = value?.ci ?? [Number.NaN, Number.NaN];
      expect(Number.isFinite(lo) && Number.isFinite(hi)).toBe(true);
      expect(lo).toBeGreaterThanOrEqual(1);
      expect(hi).toBeLessThanOrEqual(MAX);
      expect(hi).toBeGreaterThan(MAX / 2);
      expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    }
  });

  it('ordinary values are computed exactly as before (no scaling)', () => {
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 50 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [m],
          datasets: [{ id: 'd', weight: 1, agents: { a: [ex('e1', 0.1), ex('e2', 0.2)] } }],
        },
      ],
    });
    expect(report.agents.a?.metrics.numeric?.value?.mean).toBe((0.1 + 0.2) / 2);
  });
});

describe('weights near a double’s range (QA175)', () => {
  const score = (id: string, s: number, weight: number): ExampleOutcome => ({
    example: id,
    weight,
    invokeErrors: 0,
    repeats: 1,
    metrics: { numeric: { score: s, value: 1 - s, errors: 0 } },
  });

  it('example weights of 1e308 give the weighted mean by hand, not 0', () => {
    // (1e308·1 + 1e308·0 + 1·1) / (2e308 + 1) = 0.5: Σ w was Infinity, and the mean 0 with CI [0, 2e-308].
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 200 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [m],
          datasets: [
            {
              id: 'd',
              weight: 1,
              agents: { a: [score('a', 1, 1e308), score('b', 0, 1e308), score('c', 1, 1)] },
            },
          ],
        },
      ],
    });
    const node = report.agents.a?.metrics.numeric;
    expect(node?.score?.mean).toBe(0.5);
    expect(node?.value?.mean).toBe(0.5);
    const [lo, hi] = node?.score?.ci ?? [Number.NaN, Number.NaN];
    expect(lo).toBeLessThanOrEqual(0.5);
    expect(hi).toBeGreaterThanOrEqual(0.5);
  });

  it('dataset and task weights of 1e308 weigh their means as by hand', () => {
    const ds = (id: string, s: number) => ({ id, weight: 1e308, agents: { a: [score(`${id}1`, s, 1)] } });
    const report = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 50 },
      tasks: [
        { id: 't1', weight: 1e308, metrics: [m], datasets: [ds('d1', 1), ds('d2', 0)] },
        { id: 't2', weight: 1e308, metrics: [m], datasets: [ds('d3', 1)] },
      ],
    });
    // t1: (1 + 0) / 2 = 0.5; benchmark: (0.5 + 1) / 2 = 0.75
    expect(report.agents.a?.tasks.t1?.metrics.numeric?.score?.mean).toBe(0.5);
    expect(report.agents.a?.metrics.numeric?.score?.mean).toBe(0.75);
  });
});
