/**
 * `evalc plan` with nothing to do says where that comes from: a fresh clone with the committed
 * evalc.lock and no cache is up to date from the lock, and the few cached steps are not the story.
 */
import { describe, expect, it } from 'vitest';
import { renderPlanText } from '../../src/cli/render-plan.js';
import type { RunPlan } from '../../src/compiler/plan-run.js';

const counts = (cached: number) => ({
  invoke: { run: 0, cached: 0 },
  extract: { run: 0, cached: 0 },
  score: { run: 0, cached: 0 },
  aggregate: { run: 0, cached },
});

const plan = (over: Partial<RunPlan>): RunPlan => ({
  benchmark: 'b',
  rows: [],
  counts: counts(3),
  hasChanges: false,
  upToDate: true,
  skipped: 0,
  lockOnly: 0,
  renderFailures: 0,
  ...over,
});

describe('plan text with nothing to do', () => {
  it('counts the steps only evalc.lock records', () => {
    expect(renderPlanText(plan({ skipped: 48, lockOnly: 48 }))).toBe(
      'No changes. 3 steps cached, 48 recorded in evalc.lock only; apply would call no agent.\n',
    );
  });

  it('does not call the steps after a recorded failure "recorded in evalc.lock only"', () => {
    expect(renderPlanText(plan({ skipped: 99, lockOnly: 0 }))).toBe(
      'No changes. 3 steps cached, 99 not run (after a recorded failure: no extraction or score of a failed step); apply would call no agent.\n',
    );
    expect(renderPlanText(plan({ skipped: 10, lockOnly: 4 }))).toContain(
      ', 4 recorded in evalc.lock only, 6 not run (after a recorded failure',
    );
  });

  it('keeps the short form when everything is cached', () => {
    expect(renderPlanText(plan({ skipped: 0 }))).toBe(
      'No changes. 3 steps cached; apply would call no agent.\n',
    );
  });
});
