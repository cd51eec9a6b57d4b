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
  renderFailures: 0,
  ...over,
});

describe('plan text with nothing to do', () => {
  it('counts the steps only evalc.lock records', () => {
    expect(renderPlanText(plan({ skipped: 48 }))).toBe(
      'No changes. 3 steps cached, 48 recorded in evalc.lock only; apply would call no agent.\n',
    );
  });

  it('keeps the short form when everything is cached', () => {
    expect(renderPlanText(plan({ skipped: 0 }))).toBe(
      'No changes. 3 steps cached; apply would call no agent.\n',
    );
  });
});
