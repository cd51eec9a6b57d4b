/**
 * QA20: a plan without pass_rate led report.md's summary table (and report.html's first chart)
 * with the first metric in name order, `ab` — a pairwise judge metric of one agent on one task —
 * so the table was all "—" but one cell. The headline is now the scored metric with the most
 * task × agent cells; pass_rate still wins whenever the run has it.
 */
import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The course-advisor fixture without pass_rate, plus metric `ab` on task search for a1 only. */
function lockWithoutPassRate(): Lockfile {
  const lock = baselineLock();
  for (const agents of Object.values(lock.aggregates))
    for (const metrics of Object.values(agents)) delete metrics.pass_rate;
  for (const row of lock.results) delete row.metrics.pass_rate;
  const a1 = lock.aggregates['task/search']?.a1;
  if (!a1) throw new Error('fixture has no task/search a1 aggregate');
  a1.ab = { mean: 0.5, ci: [0.2, 0.8], n: 12 };
  return lock;
}

describe('the headline metric of a report', () => {
  it('is the scored metric with the most task × agent cells when there is no pass_rate', () => {
    const lock = lockWithoutPassRate();
    const model = buildModel({ lock });
    expect(model.metrics[0]).toBe('ab');
    // codes_match and judge are scored for every agent on every task (3 × 3): codes_match is first.
    expect(model.headlineMetric).toBe('codes_match');
  });

  it('is pass_rate whenever the run has it', () => {
    expect(buildModel({ lock: baselineLock() }).headlineMetric).toBe('pass_rate');
  });

  it('is a gated metric among those scored on as many cells (QA47: it was the first in name order)', () => {
    const lock = lockWithoutPassRate();
    // codes_match and judge are both scored on every task × agent; gate judge only.
    lock.gates = [
      {
        metric: 'judge',
        scope: 'benchmark',
        agent: 'a1',
        kind: 'min',
        passed: true,
        actual: 0.8,
        message: 'judge = 0.800 at benchmark for a1; required ≥ 0.5',
      },
    ];
    expect(buildModel({ lock }).headlineMetric).toBe('judge');
  });
});
