/**
 * QA25 (mutation audit): `apply --baseline` on an up-to-date lockfile evaluates the regression
 * gates from the two lockfiles' rows (gatesAgainstBaseline). Only the e2e test over the built CLI
 * reached this module, so no mutant of it was caught in-process: this pins, in-process, that each
 * regression result takes the place the run recorded it (skipped) at, the others stay as they
 * are, and a dataset-scoped gate finds its dataset. p-values are exact McNemar, worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { gatesAgainstBaseline } from '../../src/executor/baseline-gates.js';
import type { LockGate } from '../../src/lockfile/types.js';
import type { Plan } from '../../src/plan/schema.js';
import { buildCourseAdvisorLock, FAILS } from '../fixtures/locks/course-advisor.js';
import { A3_NEW_FAILS, baselineLock } from '../fixtures/locks/variants.js';

const skipped = (agent: string, scope: string): LockGate => ({
  actual: null,
  agent,
  kind: 'regression',
  message: 'pass_rate: no baseline, regression check skipped',
  metric: 'pass_rate',
  passed: true,
  scope,
  skipped: true,
});

const minGate: LockGate = {
  actual: 0.9,
  agent: 'a1',
  kind: 'min',
  message: 'pass_rate = 0.900 at benchmark for a1; required ≥ 0.5',
  metric: 'pass_rate',
  passed: true,
  scope: 'benchmark',
};

/** The plan fields gatesAgainstBaseline reads (gates and run), as the plan schema types them. */
function planWith(gates: unknown[]): Plan {
  return { gates, run: { significance: 0.05, seed: 7, bootstrap: 200 } } as unknown as Plan;
}

const regressed = (gates: LockGate[]) =>
  buildCourseAdvisorLock({ fails: { a3: [...FAILS.a3, ...A3_NEW_FAILS] }, gates });

describe('regression gates of an up-to-date lockfile against a baseline', () => {
  it('puts each evaluated regression gate where the run recorded it skipped, keeping the others', () => {
    const lock = regressed([
      minGate,
      skipped('a1', 'benchmark'),
      skipped('a2', 'benchmark'),
      skipped('a3', 'benchmark'),
    ]);
    const plan = planWith([{ metric: 'pass_rate', regression: { max_drop: 0 } }]);
    const gates = gatesAgainstBaseline(lock, baselineLock(), plan, { pass_rate: 'pass_rate' });
    expect(gates?.map((g) => [g.kind, g.agent, g.scope, g.passed, g.skipped])).toEqual([
      ['min', 'a1', 'benchmark', true, undefined],
      ['regression', 'a1', 'benchmark', true, undefined],
      ['regression', 'a2', 'benchmark', true, undefined],
      ['regression', 'a3', 'benchmark', false, undefined],
    ]);
    expect(gates?.[0]).toEqual(minGate);
    // a3 fails 8 examples it passed in the baseline, passes none it failed, in datasets of 12 and 9
    // examples: pairs of unequal weight, so the weighted sign-flip test (QA266), not McNemar. Only
    // the all-− (and all-+) of the 2⁸ patterns reach the change (exact p 2/256); at run.bootstrap 200
    // (< 2⁸) it is Monte Carlo, and no drawn pattern reached it: p = 1/201 < α = 0.05; drop > max_drop 0.
    expect(gates?.[3]?.message).toContain('p = 0.005 (paired bootstrap CI, sign-flip p, n = 30');
    expect(gates?.[3]?.message).toMatch(/REGRESSION$/);
  });

  it('gives up (undefined) when the run recorded another number of regression gates', () => {
    const lock = regressed([skipped('a1', 'benchmark')]);
    const plan = planWith([{ metric: 'pass_rate', regression: { max_drop: 0 } }]);
    expect(gatesAgainstBaseline(lock, baselineLock(), plan, { pass_rate: 'pass_rate' })).toBeUndefined();
  });

  it('evaluates a dataset-scoped regression gate on that dataset of every agent', () => {
    const scope = 'dataset:search/course-search';
    const lock = regressed([skipped('a1', scope), skipped('a2', scope), skipped('a3', scope)]);
    const plan = planWith([
      { metric: 'pass_rate', scope: 'dataset', dataset: 'course-search', regression: { max_drop: 0 } },
    ]);
    const gates = gatesAgainstBaseline(lock, baselineLock(), plan, { pass_rate: 'pass_rate' });
    expect(gates?.map((g) => [g.agent, g.scope, g.skipped])).toEqual([
      ['a1', scope, undefined],
      ['a2', scope, undefined],
      ['a3', scope, undefined],
    ]);
    // a3's new failures in course-search: search-01, -03, -04, -05, -07 → b = 5, c = 0;
    // p = 2 · (½)^5 = 0.0625 ≥ 0.05: a drop, but not a significant one.
    expect(gates?.[2]?.message).toContain('exact McNemar, b=5 c=0');
    expect(gates?.[2]?.message).toContain('p = 0.063 (');
    expect(gates?.[2]?.passed).toBe(true);
    expect(gates?.[2]?.message).toMatch(/not significant$/);
  });
});
