/**
 * QA38: a regression gate at `scope: example` with `task:` (and `dataset:`) pools that task's
 * (dataset's) examples, but its result said "at benchmark" — with the task's means (1.000 → 0.650
 * where the benchmark's were 1.000 → 0.732) — so the report named the wrong scope. It now names
 * the scope it tested.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates, type GateSpec } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const passRate = metric({ type: 'pass_rate' });

function outcomes(prefix: string, failing: number): ExampleOutcome[] {
  return Array.from({ length: 6 }, (_, i) => ({
    example: `${prefix}${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { pass_rate: { score: i < failing ? 0 : 1, pass: i >= failing, errors: 0 } },
  }));
}

function run(failingInHard: number): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 3, resamples: 200 },
    tasks: [
      {
        id: 'easy',
        weight: 1,
        metrics: [passRate],
        datasets: [{ id: 'd', weight: 1, agents: { a: outcomes('e', 0) } }],
      },
      {
        id: 'hard',
        weight: 1,
        metrics: [passRate],
        datasets: [{ id: 'h', weight: 1, agents: { a: outcomes('h', failingInHard) } }],
      },
    ],
  };
}

function regression(spec: GateSpec) {
  const current = run(6);
  const results = evaluateGates(
    [spec],
    { aggregate: aggregate(current), rows: flattenResults(current) },
    flattenResults(run(0)),
    { significance: 0.05, seed: 3, resamples: 200 },
  );
  return results.filter((r) => r.kind === 'regression');
}

describe('a regression gate at example scope (QA38)', () => {
  it('names the task or dataset it pooled, with that scope’s means', () => {
    const [task] = regression({ metric: 'pass_rate', scope: 'example', task: 'hard', regression: {} });
    expect(task?.target).toBe('task:hard');
    expect(task?.message).toMatch(/^pass_rate at task:hard for a: 1\.000 → 0\.000 /);
    const [dataset] = regression({
      metric: 'pass_rate',
      scope: 'example',
      task: 'hard',
      dataset: 'h',
      regression: {},
    });
    expect(dataset?.target).toBe('dataset:hard/h');
    const [all] = regression({ metric: 'pass_rate', scope: 'example', regression: {} });
    expect(all?.target).toBe('benchmark');
    expect(all?.message).toMatch(/^pass_rate at benchmark for a: 1\.000 → 0\.500 /);
  });
});
