/**
 * QA38: `{ metric: pass_rate, task: hard, min: 0.9 }` — a gate naming a task (or a dataset)
 * without `scope:` — was judged on the benchmark's mean (scope's default), the `task:` ignored:
 * chatty failed it at 0.865 where its task `hard` scored 1.000. A gate at the default scope that
 * names a task or a dataset is now judged at that task or dataset.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates, type GateSpec } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const passRate = metric({ type: 'pass_rate' });

function outcomes(prefix: string, failing: number): ExampleOutcome[] {
  return Array.from({ length: 4 }, (_, i) => ({
    example: `${prefix}${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { pass_rate: { score: i < failing ? 0 : 1, pass: i >= failing, errors: 0 } },
  }));
}

// easy: 1.0 (dataset e: all pass); hard: 0.5 over datasets h1 (all fail) and h2 (all pass).
const input: AggregateInput = {
  benchmark: 'b',
  bootstrap: { seed: 3, resamples: 200 },
  tasks: [
    {
      id: 'easy',
      weight: 1,
      metrics: [passRate],
      datasets: [{ id: 'e', weight: 1, agents: { a: outcomes('e', 0) } }],
    },
    {
      id: 'hard',
      weight: 1,
      metrics: [passRate],
      datasets: [
        { id: 'h1', weight: 1, agents: { a: outcomes('h1-', 4) } },
        { id: 'h2', weight: 1, agents: { a: outcomes('h2-', 0) } },
      ],
    },
  ],
};

function judge(spec: GateSpec) {
  return evaluateGates([spec], { aggregate: aggregate(input), rows: flattenResults(input) }, undefined, {
    significance: 0.05,
    seed: 3,
    resamples: 200,
  }).map((r) => [r.target, r.actual, r.passed]);
}

describe('a gate naming a task or a dataset without scope: (QA38)', () => {
  it('is judged at that task or dataset, not on the benchmark mean', () => {
    expect(judge({ metric: 'pass_rate', task: 'hard', min: 0.9 })).toEqual([['task:hard', 0.5, false]]);
    // as the parsed plan has it: scope's default written in
    expect(judge({ metric: 'pass_rate', scope: 'benchmark', task: 'hard', min: 0.9 })).toEqual([
      ['task:hard', 0.5, false],
    ]);
    expect(judge({ metric: 'pass_rate', task: 'easy', min: 0.9 })).toEqual([['task:easy', 1, true]]);
    expect(judge({ metric: 'pass_rate', dataset: 'h2', min: 0.9 })).toEqual([['dataset:hard/h2', 1, true]]);
    expect(judge({ metric: 'pass_rate', task: 'hard', dataset: 'h1', min: 0.9 })).toEqual([
      ['dataset:hard/h1', 0, false],
    ]);
    // without a task or dataset, the benchmark
    expect(judge({ metric: 'pass_rate', min: 0.5 })).toEqual([['benchmark', 0.75, true]]);
  });
});
