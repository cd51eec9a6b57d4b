/**
 * QA309: a gate message printed a measurement from 0.001 to 0.01 with three decimals, so a cost of
 * 0.0012 USD per example failing `max: 0.001` read `cost = 0.001 …; required ≤ 0.001`, a figure
 * within its bound beside a failure (and 0.0045 read 0.005 where report.md's value row reads
 * 0.0045). Below 0.01 it keeps three significant digits, as the reports' value rows do.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function gateOn(cost: number, max: number) {
  const outcomes: ExampleOutcome[] = Array.from({ length: 4 }, (_, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { cost: { score: null, value: cost, errors: 0 } },
  }));
  const input = {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 200 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [metric({ type: 'cost' })],
        datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes } }],
      },
    ],
  };
  const [gate] = evaluateGates(
    [{ metric: 'cost', scope: 'benchmark', max }],
    { aggregate: aggregate(input), rows: flattenResults(input) },
    undefined,
    { significance: 0.05, seed: 7, resamples: 200 },
  );
  return gate;
}

describe('a gate message and a measurement below 0.01', () => {
  it('prints 0.0012 as it is beside a failed max of 0.001', () => {
    const gate = gateOn(0.0012, 0.001);
    expect(gate?.passed).toBe(false);
    expect(gate?.message).toContain('cost = 0.0012 at benchmark');
    expect(gateOn(0.0045, 0.01)?.message).toContain('cost = 0.0045 at benchmark');
    // from 0.01 as before
    expect(gateOn(0.0125, 0.01)?.message).toContain('cost = 0.013 at benchmark');
  });
});
