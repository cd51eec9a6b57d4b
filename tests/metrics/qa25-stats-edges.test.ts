/**
 * QA25 (mutation audit): edges of the statistics helpers that no test pinned — a weighted mean
 * with no weight, discordant pairs of unequal lists, κ when both raters only ever use one label,
 * and the seed a dataset-scoped regression gate shares with `evalc diff`.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults, hierarchicalWeights } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { bootstrapMean } from '../../src/metrics/stats/bootstrap.js';
import { cohensKappa } from '../../src/metrics/stats/kappa.js';
import { countDiscordant } from '../../src/metrics/stats/mcnemar.js';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { deriveSeed } from '../../src/metrics/stats/prng.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

describe('statistics edges', () => {
  it('bootstrapMean has no estimate when every weight is 0 (Σw = 0: no mean)', () => {
    expect(bootstrapMean([0.2, 0.9], [0, 0], { seed: 1, resamples: 10 })).toBeNull();
    expect(bootstrapMean([], undefined, { seed: 1, resamples: 10 })).toBeNull();
  });

  it('countDiscordant pairs only the positions both lists have', () => {
    // position 0: pass → fail (b); position 1: fail → pass (c); position 2 has no current value
    expect(countDiscordant([true, false, true], [false, true])).toEqual({ b: 1, c: 1 });
  });

  it("gives κ = 1 when both raters use one same label throughout (pₑ = 1, pₒ = 1; sklearn's 0/0 is nan)", () => {
    expect(cohensKappa(['yes', 'yes', 'yes'], ['yes', 'yes', 'yes'])).toEqual({
      kappa: 1,
      observedAgreement: 1,
      expectedAgreement: 1,
      n: 3,
    });
  });
});

describe('a dataset-scoped regression gate', () => {
  const scores = (xs: number[]): ExampleOutcome[] =>
    xs.map((s, i) => ({
      example: `e${i}`,
      weight: 1,
      invokeErrors: 0,
      repeats: 1,
      metrics: { judge: { score: s, errors: 0 } },
    }));
  const run = (xs: number[]): AggregateInput => ({
    benchmark: 'b',
    bootstrap: { seed: 9, resamples: 100 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [metric({ type: 'judge', judge: 'j' })],
        datasets: [{ id: 'd', weight: 1, agents: { a: scores(xs) } }],
      },
    ],
  });

  it('draws its CI from the seed evalc diff uses for that scope: "dataset/T/D\\0agent\\0metric"', () => {
    const base = [0.9, 0.8, 0.7, 0.95, 0.6, 0.85, 0.75, 0.9];
    const cur = [0.6, 0.7, 0.75, 0.5, 0.65, 0.55, 0.8, 0.6];
    const current = run(cur);
    const [gate] = evaluateGates(
      [{ metric: 'judge', scope: 'dataset', regression: { max_drop: 0 } }],
      { aggregate: aggregate(current), rows: flattenResults(current) },
      flattenResults(run(base)),
      { significance: 0.05, seed: 9, resamples: 100 },
    );
    const weights = hierarchicalWeights(flattenResults(current));
    const expected = pairedBootstrap(base, cur, weights, {
      seed: deriveSeed(9, 'dataset/t/d\u0000a\u0000judge'),
      resamples: 100,
    });
    expect(gate?.target).toBe('dataset:t/d');
    expect(gate?.test?.ci).toEqual(expected?.ci);
  });
});
