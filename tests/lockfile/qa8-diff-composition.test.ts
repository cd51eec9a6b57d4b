/**
 * QA8: `evalc diff` between two locks whose example sets differ. The aggregate delta moves with
 * the examples only one run has; the paired test does not. The verdict must follow the test:
 * an agent that fixed ten paired examples but was run on forty new failing ones per dataset was
 * reported as a significant REGRESSION (McNemar 0↓ 10↑) and `--fail-on regression` exited 1.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { renderMarkdownDiff, renderTextDiff } from '../../src/reports/index.js';
import { buildCourseAdvisorLock, TASKS } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const ADDED_PER_DATASET = 40;

/** a3 passes every baseline example now, and failed 40 new examples in each dataset. */
function fixedButHarderLock(): Lockfile {
  const lock = buildCourseAdvisorLock({ fails: { a3: [] }, errors: { a3: [] } });
  for (const t of TASKS) {
    for (let i = 0; i < ADDED_PER_DATASET; i += 1) {
      const row: LockResult = {
        group: `a3/${t.task}/${t.dataset}`,
        example: `${t.prefix}-new-${String(i).padStart(2, '0')}`,
        weight: 1,
        invoke: [`k1:new-${t.prefix}-${i}`],
        pass: false,
        metrics: { pass_rate: { score: 0, pass: false } },
      };
      lock.results.push(row);
    }
  }
  // The new aggregate, by hand: every old example passes, every added one fails.
  // search 12/52, details 9/49, paths 9/49; tasks weigh 1 each.
  const bench = (12 / 52 + 9 / 49 + 9 / 49) / 3;
  const a3 = lock.aggregates.benchmark?.a3;
  if (!a3?.pass_rate) throw new Error('fixture has no a3 pass_rate');
  a3.pass_rate = { mean: bench, ci: null, n: 30 + 3 * ADDED_PER_DATASET };
  return lock;
}

describe('diff with examples only one run has (QA8)', () => {
  it('calls a paired improvement an improvement even when the aggregate went down', () => {
    const diff = diffLocks(baselineLock(), fixedButHarderLock());
    const d = diff.aggregates.find(
      (x) => x.scope === 'benchmark' && x.agent === 'a3' && x.metric === 'pass_rate',
    );
    if (!d) throw new Error('no benchmark a3 pass_rate delta');
    // Baseline a3: search 9/12, details 6/9 (two fails, one timeout), paths 5/9.
    expect(d.old).toBeCloseTo((9 / 12 + 6 / 9 + 5 / 9) / 3, 9);
    expect(d.delta).toBeLessThan(0);
    // The 30 paired examples: 10 fail → pass, none pass → fail, in datasets of 12 and 9 (unequal
    // weights: the weighted sign-flip test, QA266). Exact p = 2 · 2⁻¹⁰ (only all-+ and all-− reach
    // it); 2¹⁰ > run.bootstrap 1000, so Monte Carlo: (1 + extreme)/1001, about 0.003.
    expect(d.n).toBe(30);
    expect(d).toMatchObject({ method: 'sign_flip', pValueMethod: 'monte_carlo' });
    expect(d.pValue).toBeGreaterThanOrEqual(1 / 1001);
    expect(d.pValue).toBeLessThan(0.01);
    expect(d.direction).toBe('improvement');
    expect(diff.summary.regressions).toBe(0);
    expect(diff.examples).toMatchObject({ paired: 90, added: 3 * ADDED_PER_DATASET, removed: 0 });
    // Since QA49 the examples only one run has are named too: every added one, none gone.
    expect(diff.examples.new).toHaveLength(3 * ADDED_PER_DATASET);
    expect(diff.examples.gone).toBeUndefined();
  });

  it('says under the table that Δ and the test cover different examples', () => {
    const diff = diffLocks(baselineLock(), fixedButHarderLock());
    // 30 examples (task/dataset/example ids) of 90 agent × example rows (QA158).
    const note = 'the CI, p and verdict test the 30 paired examples only';
    expect(renderTextDiff(diff)).toContain(note);
    expect(renderMarkdownDiff(diff)).toContain(note);
    expect(renderTextDiff(diffLocks(baselineLock(), baselineLock()))).not.toContain('paired examples only');
  });
});
