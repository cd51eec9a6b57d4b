import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import {
  A2_NEW_FAILS,
  A3_NEW_FAILS,
  a2WorseLock,
  a3RegressedLock,
  baselineLock,
} from '../fixtures/locks/variants.js';

function delta(diff: ReturnType<typeof diffLocks>, scope: string, agent: string, metric: string) {
  const d = diff.aggregates.find((x) => x.scope === scope && x.agent === agent && x.metric === metric);
  if (!d) throw new Error(`no delta ${scope} ${agent} ${metric}`);
  return d;
}

describe('diffLocks', () => {
  it('lists exactly the three examples an agent newly fails, and the aggregate drop', () => {
    const diff = diffLocks(baselineLock(), a2WorseLock());
    expect(diff.flips.map((f) => `${f.kind} ${f.agent} ${f.example}`)).toEqual([
      'pass_to_fail a2 paths-05',
      'pass_to_fail a2 search-01',
      'pass_to_fail a2 search-04',
    ]);
    expect([...A2_NEW_FAILS].sort()).toEqual(['paths-05', 'search-01', 'search-04']);
    expect(diff.summary).toMatchObject({ passToFail: 3, failToPass: 0 });
    // a2 passes 10/12, 7/9, 7/9 in the baseline and 8/12, 7/9, 6/9 now (task means averaged).
    const d = delta(diff, 'benchmark', 'a2', 'pass_rate');
    expect(d.old).toBeCloseTo((10 / 12 + 7 / 9 + 7 / 9) / 3, 9);
    expect(d.new).toBeCloseTo((8 / 12 + 7 / 9 + 6 / 9) / 3, 9);
    expect(d.delta).toBeCloseTo(-(2 / 12 + 1 / 9) / 3, 9);
    // Pairs of weight 1/36 and 1/27 (datasets of 12 and 9): the weighted sign-flip test, not McNemar
    // (QA266). 3 changed pairs, all one way: of the 2³ patterns only all-− and all-+ reach it,
    // p = 2/8 = 0.25 (McNemar's b=3 c=0 too), not significant.
    expect(d).toMatchObject({ method: 'sign_flip', pValueMethod: 'exact' });
    expect(d.discordant).toBeUndefined();
    expect(d.pValue).toBeCloseTo(0.25, 12);
    expect(d.direction).toBe('unchanged');
    expect(delta(diff, 'benchmark', 'a1', 'pass_rate').delta).toBe(0);
    expect(delta(diff, 'task/details', 'a2', 'pass_rate').delta).toBe(0);
  });

  it('flags a significant drop as a regression and sorts regressions first', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const d = delta(diff, 'benchmark', 'a3', 'pass_rate');
    // 8 pairs, all pass → fail, of unequal weights (QA266: the weighted sign-flip test): only the
    // all-− and all-+ of the 2⁸ ≤ 1000 patterns reach it, p = 2/256 exactly (McNemar's b=8 c=0 too).
    expect(d).toMatchObject({ method: 'sign_flip', pValueMethod: 'exact' });
    expect(d.pValue).toBeCloseTo(2 / 256, 12);
    expect(d.direction).toBe('regression');
    expect(d.ci?.[1]).toBeLessThanOrEqual(0);
    expect(diff.summary.regressions).toBeGreaterThan(0);
    const firstUnchanged = diff.aggregates.findIndex((x) => x.direction !== 'regression');
    expect(diff.aggregates.slice(0, firstUnchanged).every((x) => x.direction === 'regression')).toBe(true);
    expect(diff.aggregates.slice(firstUnchanged).some((x) => x.direction === 'regression')).toBe(false);
    expect(
      diff.flips
        .filter((f) => f.kind === 'pass_to_fail')
        .map((f) => f.example)
        .sort(),
    ).toEqual([...A3_NEW_FAILS].sort());
  });

  it('reports the reverse change as improvements with fail → pass flips', () => {
    const diff = diffLocks(a3RegressedLock(), baselineLock());
    expect(delta(diff, 'benchmark', 'a3', 'pass_rate').direction).toBe('improvement');
    expect(diff.summary.regressions).toBe(0);
    expect(diff.flips.every((f) => f.kind === 'fail_to_pass')).toBe(true);
    expect(diff.flips).toHaveLength(8);
  });

  it('finds nothing between a lockfile and itself', () => {
    const lock = baselineLock();
    const diff = diffLocks(lock, baselineLock());
    expect(diff.flips).toEqual([]);
    expect(diff.comparability).toEqual([]);
    expect(diff.comparable).toBe(true);
    expect(diff.summary).toEqual({
      regressions: 0,
      improvements: 0,
      passToFail: 0,
      failToPass: 0,
      volatileOutOfTolerance: 0,
      gatesNewlyFailing: 0,
      // The fixture locks have no `steps` section: no error count to compare (QA95).
      errors: { old: null, new: null },
    });
    expect(diff.gates).toEqual([]);
    expect(diff.aggregates.every((d) => d.delta === 0 && (d.pValue === null || d.pValue === 1))).toBe(true);
  });

  it('lists gates whose outcome changed, newly failing first, and counts them', () => {
    const old = baselineLock();
    const now = baselineLock();
    const base = { scope: 'benchmark', agent: 'a1', actual: 0.5, message: '' };
    old.gates = [
      { ...base, metric: 'pass_rate', kind: 'min', passed: true },
      { ...base, metric: 'judge', kind: 'min', passed: false },
      { ...base, metric: 'codes_match', kind: 'regression', passed: true, skipped: true },
    ];
    now.gates = [
      { ...base, metric: 'judge', kind: 'min', passed: true },
      { ...base, metric: 'pass_rate', kind: 'min', passed: false },
      { ...base, metric: 'codes_match', kind: 'regression', passed: true, skipped: true },
      { ...base, metric: 'codes_match', kind: 'min', passed: false },
    ];
    const diff = diffLocks(old, now);
    expect(diff.gates.map((g) => `${g.kind} ${g.metric}: ${g.old} → ${g.new}`)).toEqual([
      'min codes_match: null → failed',
      'min pass_rate: passed → failed',
      'min judge: failed → passed',
    ]);
    expect(diff.summary.gatesNewlyFailing).toBe(2);
    expect(renderTextDiff(diff)).toContain('FAILING min pass_rate at benchmark (a1): passed → failed');
  });

  it('shows an aggregate only the new run has (a metric added) instead of "No aggregate changed"', () => {
    const old = baselineLock();
    const now = baselineLock();
    for (const agents of Object.values(old.aggregates))
      for (const metrics of Object.values(agents)) delete metrics.judge;
    const diff = diffLocks(old, now);
    const text = renderTextDiff(diff);
    expect(text).not.toContain('No aggregate changed.');
    expect(text).toMatch(/^ {2}new {9}benchmark\s+a1\s+judge/m);
  });

  it('lists every pin that changed: dataset, agent, judge, metric', () => {
    const now: Lockfile = baselineLock();
    const ds = now.datasets['search/course-search'];
    if (!ds) throw new Error('fixture');
    now.datasets['search/course-search'] = { ...ds, sha256: 'f'.repeat(64), examples: 13 };
    now.agents.a1 = { ...now.agents.a1!, version: '1.3.0', schemaDigest: 'sha256:new' };
    now.judges.strict = { ...now.judges.strict!, model: 'other-judge', rubricVersion: 'sha256:v2' };
    for (const g of Object.values(now.groups)) {
      g.metrics.codes_match = { ...g.metrics.codes_match!, version: '2' };
      if (g.task === 'search')
        g.metrics.judge = { ...g.metrics.judge!, config: { judge: 'strict', threshold: 0.7 } };
    }
    const diff = diffLocks(baselineLock(), now);
    expect(diff.comparability.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      'warning dataset_sha256 search/course-search',
      'warning dataset_count search/course-search',
      'info agent_schema a1',
      'info agent_version a1',
      'warning judge_model strict',
      'warning judge_rubric_version strict',
      'warning metric_version details/codes_match',
      'warning metric_version paths/codes_match',
      'warning metric_version search/codes_match',
      'warning metric_config search/judge',
    ]);
    expect(diff.comparable).toBe(false);
    const v = diff.comparability.find((c) => c.kind === 'agent_version');
    expect(v?.message).toBe('a1: version changed 1.2.0 → 1.3.0');
  });

  it('lists a changed run seed, trace setting and agent endpoint', () => {
    const now: Lockfile = baselineLock();
    now.run = { ...now.run, seed: now.run.seed + 1, trace: !now.run.trace };
    now.agents.a1 = { ...now.agents.a1!, endpoint: 'http://127.0.0.1:9999' };
    const diff = diffLocks(baselineLock(), now);
    expect(diff.comparability.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      'warning run_settings run',
      'warning run_settings run',
      'info agent_endpoint a1',
    ]);
    expect(diff.comparability[0]?.message).toBe(`run: seed changed ${now.run.seed - 1} → ${now.run.seed}`);
  });

  it('compares volatile figures with a ±20% tolerance by default', () => {
    const now = baselineLock();
    const old = baselineLock();
    const g = 'a1/search/course-search';
    now.volatile[g] = { ...now.volatile[g], durationMsMean: (old.volatile[g]?.durationMsMean ?? 0) * 1.25 };
    now.volatile['a2/search/course-search'] = {
      ...now.volatile['a2/search/course-search'],
      durationMsMean: (old.volatile['a2/search/course-search']?.durationMsMean ?? 0) * 1.1,
    };
    const diff = diffLocks(old, now);
    const out = diff.volatile.filter((v) => !v.withinTolerance);
    expect(out.map((v) => `${v.subject} ${v.field}`)).toEqual([`${g} durationMsMean`]);
    expect(out[0]?.relative).toBeCloseTo(0.25, 9);
    expect(diffLocks(old, now, { volatileTolerance: 0.3 }).summary.volatileOutOfTolerance).toBe(0);
  });

  it('is deterministic for the same inputs and seed', () => {
    const a = diffLocks(baselineLock(), a2WorseLock(), { seed: 11 });
    const b = diffLocks(baselineLock(), a2WorseLock(), { seed: 11 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('uses a paired bootstrap for continuous scores', () => {
    const diff = diffLocks(baselineLock(), a3RegressedLock());
    const d = delta(diff, 'benchmark', 'a3', 'judge');
    expect(d.method).toBe('sign_flip');
    // 8 examples drop from 0.9 to 0.35 in the judge score.
    expect(d.direction).toBe('regression');
    expect(d.pValue).toBeLessThan(0.05);
  });

  it('compares measurement-only metrics on their value, with the metric direction', () => {
    const addSteps = (lock: Lockfile, steps: (i: number) => number) => {
      for (const g of Object.values(lock.groups)) {
        g.metrics.steps = { type: 'steps', version: '1', digest: 'd', config: {} };
      }
      lock.results.forEach((r, i) => {
        r.metrics.steps = { score: null, value: steps(i) };
      });
      for (const [scope, agents] of Object.entries(lock.aggregates)) {
        for (const [agent, metrics] of Object.entries(agents)) {
          const xs = lock.results
            .filter((r) => r.group.startsWith(`${agent}/`))
            .filter((r) => scope === 'benchmark' || r.group.includes(`/${scope.split('/')[1]}/`))
            .map((r) => r.metrics.steps?.value ?? 0);
          metrics.steps = {
            mean: xs.reduce((a, b) => a + b, 0) / xs.length,
            ci: null,
            n: xs.length,
            measure: 'value',
          };
        }
      }
      return lock;
    };
    // Every example takes 2 more steps than before (3 + i%3 → 5 + i%3): fewer is better.
    const diff = diffLocks(
      addSteps(baselineLock(), (i) => 3 + (i % 3)),
      addSteps(baselineLock(), (i) => 5 + (i % 3)),
    );
    const d = delta(diff, 'benchmark', 'a1', 'steps');
    expect(d.field).toBe('value');
    expect(d.higherIsBetter).toBe(false);
    expect(d.method).toBe('sign_flip');
    expect(d.delta).toBeCloseTo(2, 9);
    expect(d.direction).toBe('regression');
  });
});
