/**
 * QA46: a `min` gate on a metric whose only task weighs 0 failed with "only_b has no results at
 * benchmark for a1" — the task had four scored results; they weigh nothing in the benchmark's
 * mean (a choice: such a gate fails rather than skips). The message now says why there is no figure.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const m = metric({ type: 'contains', value: 'x' });

function outcomes(scores: (number | null)[]): ExampleOutcome[] {
  return scores.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { contains: s === null ? { score: null, errors: 1 } : { score: s, pass: s === 1, errors: 0 } },
  }));
}

function input(taskWeight: number, scores: (number | null)[]): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 200 },
    tasks: [
      {
        id: 'tb',
        weight: taskWeight,
        metrics: [m],
        datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes(scores) } }],
      },
    ],
  };
}

const options = { significance: 0.05, seed: 7, resamples: 200 };

describe('a min gate with no figure says why (QA46)', () => {
  it('results that all weigh 0: fails, saying they weigh 0', () => {
    const run = input(0, [0, 1, 0, 1]);
    const [g] = evaluateGates(
      [{ metric: 'contains', min: 0.5 }],
      { aggregate: aggregate(run), rows: flattenResults(run) },
      undefined,
      options,
    );
    expect(g?.passed).toBe(false);
    expect(g?.message).toBe(
      'contains has no results at benchmark for a1: its 4 results all weigh 0 (example, dataset or task weights), so there is no mean',
    );
  });

  it('results that all errored: fails, saying so', () => {
    const run = input(1, [null, null]);
    const [g] = evaluateGates(
      [{ metric: 'contains', min: 0.5 }],
      { aggregate: aggregate(run), rows: flattenResults(run) },
      undefined,
      options,
    );
    expect(g?.passed).toBe(false);
    expect(g?.message).toBe('contains has no results at benchmark for a1: every result errored');
  });
});
