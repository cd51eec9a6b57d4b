/**
 * QA37: an example-scope gate ("every example ≥ 1") over a metric that errored on some examples
 * (contains without an expected value: metric_error) passed on the examples it could score —
 * "contains = 1.000 at example:t/d2/c" — while the dataset gate on the errored examples failed with
 * "contains has no results". An example without a result has not met the bound; unmeasured
 * efficiency figures (tokens of an agent that reports no usage) are still not errors.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleMetricResult, ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function outcome(id: string, metrics: Record<string, ExampleMetricResult>): ExampleOutcome {
  return { example: id, weight: 1, invokeErrors: 0, repeats: 1, metrics };
}

const error = { score: null, errors: 1 } as const;

function input(): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 1, resamples: 50 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [metric({ type: 'contains' }), metric({ type: 'tokens' })],
        datasets: [
          {
            id: 'd1',
            weight: 1,
            agents: { p: [outcome('a', { contains: error, tokens: { score: null, errors: 0 } })] },
          },
          {
            id: 'd2',
            weight: 1,
            agents: {
              p: [
                outcome('c', {
                  contains: { score: 1, pass: true, errors: 0 },
                  tokens: { score: null, value: 8, errors: 0 },
                }),
              ],
            },
          },
        ],
      },
    ],
  };
}

describe('example-scope gates and errored examples (QA37)', () => {
  it('fail on an example whose metric errored, naming it', () => {
    const run = input();
    const results = evaluateGates(
      [
        { metric: 'contains', scope: 'example', min: 1 },
        { metric: 'tokens', scope: 'example', max: 10 },
      ],
      { aggregate: aggregate(run), rows: flattenResults(run) },
      undefined,
      { significance: 0.05, seed: 1, resamples: 50 },
    );
    expect(results.map((r) => [r.passed, r.message])).toEqual([
      [false, 'contains has no results at example:t/d1/a for p'],
      [true, 'tokens = 8.000 at example:t/d2/c for p; required ≤ 10'],
    ]);
  });
});
