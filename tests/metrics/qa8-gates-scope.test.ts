/**
 * QA8: gates that cannot be evaluated are skipped, never failed.
 * - `apply --only capitals/asia` evaluated `pass_rate min 0.7 at benchmark` on the one dataset
 *   that ran ("pass_rate = 0.400 at benchmark for base", the plan's figure being 0.717) and
 *   exited 1; a task-scoped gate on another task failed with "no results".
 * - a dataset gate on a task whose `agents:` leaves an agent out failed for that agent, while
 *   the same gate at task scope was skipped.
 * - a tokens budget gate on an agent that reports no usage (not measured) failed.
 */
import { describe, expect, it } from 'vitest';
import {
  type AggregateInput,
  aggregate,
  evaluateGates,
  flattenResults,
  type GateSpec,
  rollupRepeats,
  scoreExample,
} from '../../src/metrics/index.js';
import type { ResolvedMetric } from '../../src/metrics/types.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const metrics: ResolvedMetric[] = [
  metric({ type: 'exact_match' }),
  metric({ type: 'tokens', budget: 100 }),
  metric({ type: 'pass_rate' }),
];

/** One example: the agent answers `answer`, the example expects `x`; usage as given. */
async function outcome(id: string, answer: string, usage: Record<string, number>) {
  const r = await scoreExample({
    repeat: 0,
    metrics,
    input: scoreInput({ candidates: { answer }, expected: 'x', trajectory: trajectory({ usage }) }),
  });
  return rollupRepeats({ example: { id }, metrics, repeats: [r] });
}

/**
 * capitals: europe (a: 3/4 pass, b: 4/4), asia (a: 1/2, b: 2/2); math: arith (a only: 0/2).
 * Agent b reports no token usage; b is not in math (`agents: [a]`).
 */
async function input(only?: 'capitals' | 'capitals/asia'): Promise<Omit<AggregateInput, 'bootstrap'>> {
  const u = { totalTokens: 50 };
  const europe = {
    id: 'europe',
    weight: 1,
    agents: {
      a: [
        await outcome('e1', 'x', u),
        await outcome('e2', 'x', u),
        await outcome('e3', 'x', u),
        await outcome('e4', 'y', u),
      ],
      b: [
        await outcome('e1', 'x', {}),
        await outcome('e2', 'x', {}),
        await outcome('e3', 'x', {}),
        await outcome('e4', 'x', {}),
      ],
    },
  };
  const asia = {
    id: 'asia',
    weight: 1,
    agents: {
      a: [await outcome('a1', 'x', u), await outcome('a2', 'y', u)],
      b: [await outcome('a1', 'x', {}), await outcome('a2', 'x', {})],
    },
  };
  const arith = {
    id: 'arith',
    weight: 1,
    agents: { a: [await outcome('m1', 'y', u), await outcome('m2', 'y', u)] },
  };
  const capitals = {
    id: 'capitals',
    weight: 1,
    metrics,
    datasets: only === 'capitals/asia' ? [asia] : [europe, asia],
  };
  const math = { id: 'math', weight: 1, metrics, datasets: [arith] };
  return { benchmark: 'b', tasks: only ? [capitals] : [capitals, math] };
}

async function gatesOf(gates: GateSpec[], only?: 'capitals' | 'capitals/asia') {
  const run = await input(only);
  const report = aggregate({ ...run, bootstrap: { seed: 1, resamples: 50 } });
  return evaluateGates(gates, { aggregate: report, rows: flattenResults(run) }, undefined, {
    significance: 0.05,
    seed: 1,
    resamples: 50,
    only,
  });
}

const brief = (r: {
  agent: string;
  target: string;
  passed: boolean;
  skipped?: boolean;
  actual: number | null;
}) => `${r.agent} ${r.target} ${r.skipped ? 'skipped' : r.passed ? 'passed' : 'failed'} ${r.actual ?? '-'}`;

describe('gates a run cannot evaluate are skipped (QA8)', () => {
  it('skips benchmark and other-task gates on an --only run, and evaluates the ones inside it', async () => {
    const gates: GateSpec[] = [
      { metric: 'pass_rate', min: 0.7 },
      { metric: 'pass_rate', scope: 'task', task: 'math', min: 0.5 },
      { metric: 'pass_rate', scope: 'task', task: 'capitals', min: 0.9 },
      { metric: 'pass_rate', scope: 'dataset', min: 0.6 },
    ];
    const results = await gatesOf(gates, 'capitals/asia');
    expect(results.map(brief)).toEqual([
      'a benchmark skipped -',
      'b benchmark skipped -',
      'a task skipped -',
      'b task skipped -',
      // a whole task of which one dataset ran
      'a task skipped -',
      'b task skipped -',
      // asia ran whole: a passes 1 of 2
      'a dataset:capitals/asia failed 0.5',
      'b dataset:capitals/asia passed 1',
    ]);
    expect(results[0]?.message).toContain('outside the --only capitals/asia selection');
  });

  it('evaluates task-scoped gates when the whole task ran (--only capitals)', async () => {
    const results = await gatesOf(
      [{ metric: 'pass_rate', scope: 'task', task: 'capitals', min: 0.9 }],
      'capitals',
    );
    // a: (3/4 + 1/2) / 2 = 0.625; b: 1
    expect(results.map(brief)).toEqual(['a task:capitals failed 0.625', 'b task:capitals passed 1']);
  });

  it('without --only, evaluates the benchmark: a = (0.625 + 0) / 2', async () => {
    const results = await gatesOf([{ metric: 'pass_rate', min: 0.7 }]);
    expect(results.map(brief)).toEqual(['a benchmark failed 0.3125', 'b benchmark passed 1']);
  });

  it('skips a dataset gate for an agent the task leaves out, as the task-scoped gate does', async () => {
    const results = await gatesOf([{ metric: 'pass_rate', scope: 'dataset', dataset: 'arith', min: 0.5 }]);
    expect(results.map(brief)).toEqual(['a dataset:math/arith failed 0', 'b dataset skipped -']);
  });

  it('still fails a gate whose results weigh nothing (every weight 0): no figure, but not unmeasured', async () => {
    const run = {
      benchmark: 'b',
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics,
          datasets: [{ id: 'd', weight: 0, agents: { a: [await outcome('e1', 'x', { totalTokens: 5 })] } }],
        },
      ],
    };
    const report = aggregate({ ...run, bootstrap: { seed: 1, resamples: 20 } });
    const [r] = evaluateGates(
      [{ metric: 'pass_rate', min: 0.5 }],
      { aggregate: report, rows: flattenResults(run) },
      undefined,
      {
        significance: 0.05,
        seed: 1,
        resamples: 20,
      },
    );
    expect(r && brief(r)).toBe('a benchmark failed -');
  });

  it('skips a tokens budget gate for an agent that reports no usage, and checks the one that does', async () => {
    const results = await gatesOf([{ metric: 'tokens', scope: 'task', task: 'capitals', min: 1 }]);
    // a: 50 tokens under a budget of 100 → score 1
    expect(results.map(brief)).toEqual(['a task:capitals passed 1', 'b task:capitals skipped -']);
    expect(results[1]?.message).toContain('has no measurement');
  });
});
