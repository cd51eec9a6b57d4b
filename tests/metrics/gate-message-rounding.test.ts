/**
 * A gate message prints its figure as the lock stores it and the reports round it: 39 of 80
 * passing is 0.4875, whose double (0.48749999…) `toFixed(3)` printed "0.487" in the message while
 * the report's column said "0.488" (QA20).
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const passMetric = metric({ type: 'pass_rate' });

describe('gate messages', () => {
  it('round 0.4875 to 0.488, like the reports', () => {
    const outcomes: ExampleOutcome[] = Array.from({ length: 80 }, (_, i) => ({
      example: `e${i}`,
      weight: 1,
      invokeErrors: 0,
      repeats: 1,
      metrics: { pass_rate: { score: i < 39 ? 1 : 0, pass: i < 39, errors: 0 } },
    }));
    const input = {
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 200 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [passMetric],
          datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes } }],
        },
      ],
    };
    const [gate] = evaluateGates(
      [{ metric: 'pass_rate', scope: 'benchmark', min: 0.5 }],
      { aggregate: aggregate(input), rows: flattenResults(input) },
      undefined,
      { significance: 0.05, seed: 7, resamples: 200 },
    );
    expect(gate?.passed).toBe(false);
    expect(gate?.message).toContain('pass_rate = 0.488 at benchmark');
  });
});
