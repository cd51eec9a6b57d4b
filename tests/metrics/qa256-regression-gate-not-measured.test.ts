/**
 * QA256: a regression gate on `exact_match`, which one agent of the plan never runs (its task has
 * a judge instead), was skipped for that agent as "no paired examples with the baseline", though
 * the baseline holds every one of its examples; apply's summary then read `2 skipped (regression:
 * no paired examples in the baseline: benchmark for a2)`, the reason of one gate said of both.
 */
import { describe, expect, it } from 'vitest';
import { gateSummary } from '../../src/cli/gate-summary.js';
import { aggregate } from '../../src/metrics/aggregate.js';
import type { ExampleScoreRow } from '../../src/metrics/example-rows.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { metric } from './helpers.js';

const exact = metric({ type: 'exact_match', candidate: 'a', expected: 'a' });
const contains = metric({ type: 'contains', candidate: 'a', value: 'x' });
const examples = ['e0', 'e1', 'e2'];

function rows(agent: string, task: string, name: string): ExampleScoreRow[] {
  return examples.map((example) => ({
    agent,
    task,
    dataset: 'd',
    example,
    metric: name,
    score: 1,
    weight: 1,
    datasetWeight: 1,
    taskWeight: 1,
  }));
}

function report() {
  const results = (name: string) =>
    examples.map((example) => ({
      example,
      weight: 1,
      invokeErrors: 0,
      repeats: 1,
      metrics: { [name]: { score: 1, errors: 0 } },
    }));
  return aggregate({
    benchmark: 'b',
    bootstrap: { seed: 1, resamples: 50 },
    tasks: [
      {
        id: 'search',
        weight: 1,
        metrics: [exact],
        datasets: [{ id: 'd', weight: 1, agents: { a1: results('exact_match') } }],
      },
      {
        id: 'talk',
        weight: 1,
        metrics: [contains],
        datasets: [{ id: 'd', weight: 1, agents: { a2: results('contains') } }],
      },
    ],
  });
}

describe('a regression gate on a metric one agent does not run (QA256)', () => {
  const current = [...rows('a1', 'search', 'exact_match'), ...rows('a2', 'talk', 'contains')];
  const gates = [
    { metric: 'contains', scope: 'benchmark' as const, min: 0.5 },
    { metric: 'exact_match', regression: { max_drop: 0.02 } },
  ];
  const options = { significance: 0.05, seed: 1, resamples: 50 };

  it('says the metric is not measured for that agent, as a min gate does', () => {
    const results = evaluateGates(gates, { aggregate: report(), rows: current }, current, options);
    const a2 = results.find((r) => r.kind === 'regression' && r.agent === 'a2');
    expect(a2).toMatchObject({ passed: true, skipped: true, actual: null });
    expect(a2?.message).toBe('exact_match is not measured at benchmark for a2; gate skipped');
    const a1 = results.find((r) => r.kind === 'regression' && r.agent === 'a1');
    expect(a1?.passed).toBe(true);
    expect(a1?.skipped).toBeFalsy();
    // Two skipped gates (contains for a1, exact_match for a2), neither for want of a baseline.
    expect(gateSummary(results)).toBe('gates 2/4 passed, 2 skipped');
  });

  it('counts the gates a reason is said of when others were skipped otherwise', () => {
    const noPairs = {
      passed: true,
      skipped: true,
      kind: 'regression' as const,
      message: 'exact_match: no paired examples with the baseline at dataset:search/d2 for a1',
    };
    const notMeasured = {
      passed: true,
      skipped: true,
      kind: 'min' as const,
      message: 'contains is not measured at benchmark for a1; gate skipped',
    };
    expect(gateSummary([noPairs, notMeasured])).toBe(
      'gates 0/2 passed, 2 skipped (1 of them regression: no paired examples in the baseline: search/d2 for a1)',
    );
    expect(gateSummary([noPairs])).toBe(
      'gates 0/1 passed, 1 skipped (regression: no paired examples in the baseline: search/d2 for a1)',
    );
  });
});
