/**
 * QA262: a Monte Carlo sign-flip p is (1 + extreme) / (B + 1), never below 1/(B + 1) = 0.000999 at
 * the default run.bootstrap 1000. At `--significance 0.0005` such a row could never read significant:
 * 18 pairs that all dropped by 0.5 (exact sign-flip p = 2/2¹⁸ = 7.6e-6, hand-checked) read
 * `n.s. … p = 0.0010 (sign_flip, Monte Carlo)` under "0 significant regressions", with nothing
 * saying why. The text and Markdown diffs now say so under the table, with the run.bootstrap
 * (⌊1/α⌋ = 2000: 1/2001 < 0.0005) that lets a p reach α.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';

const base = () =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../fixtures/locks/single-dataset-base.lock'), 'utf8'),
  ) as Lockfile;

/** The fixture's 18 examples with every exact_match score `score` (and its aggregates' mean). */
function scored(score: number): Lockfile {
  const lock = base();
  for (const r of lock.results) {
    const m = r.metrics.exact_match as { score?: number; pass?: boolean };
    m.score = score;
    m.pass = score === 1;
    r.pass = score === 1;
  }
  for (const agents of Object.values(lock.aggregates))
    for (const metrics of Object.values(agents))
      if (metrics.exact_match)
        metrics.exact_match = { ...metrics.exact_match, mean: score, ci: [score, score] };
  return lock;
}

const NOTE =
  "n.s. by the test's resolution (exact_match, and 1 more): a Monte Carlo p is never below 1/(B + 1) = 0.0010 (run.bootstrap 1000), not below α = 0.0005; run.bootstrap: 2000 or more lets one reach it.";

describe('a Monte Carlo p that cannot reach α (QA262)', () => {
  it('says under the table that the row is n.s. by the p floor, and which run.bootstrap reaches α', () => {
    const diff = diffLocks(scored(1), scored(0.5), { significance: 0.0005 });
    const row = diff.aggregates.find((d) => d.scope === 'benchmark');
    expect(row).toMatchObject({ method: 'sign_flip', pValueMethod: 'monte_carlo', significant: false });
    expect(row?.pValue).toBeCloseTo(1 / 1001, 15);
    expect(diff.summary.regressions).toBe(0);
    expect(renderTextDiff(diff)).toContain(`  (${NOTE})`);
    expect(renderMarkdownDiff(diff)).toContain(`_${NOTE}_`);
  });

  it('says nothing where a p can reach α: the default α, or enough resamples (then it is significant)', () => {
    const atDefault = diffLocks(scored(1), scored(0.5));
    expect(renderTextDiff(atDefault)).not.toContain("test's resolution");
    const enough = diffLocks(scored(1), scored(0.5), { significance: 0.0005, resamples: 2000 });
    expect(enough.aggregates.find((d) => d.scope === 'benchmark')).toMatchObject({
      pValueMethod: 'monte_carlo',
      significant: true,
      direction: 'regression',
    });
    expect(renderTextDiff(enough)).not.toContain("test's resolution");
    expect(renderMarkdownDiff(enough)).not.toContain("test's resolution");
  });
});
