/**
 * `diffLocks(old, new)`: compares two runs. Pure and deterministic (seeded bootstrap).
 *
 * 1. Comparability: every pin that changed (diff-comparability.ts).
 * 2. Aggregate deltas per scope (benchmark, task/<t>, dataset/<t>/<d>) × agent × metric. The
 *    delta is new mean − old mean of the lock aggregates; its CI and p-value come from the
 *    examples present in both runs, paired by (agent, task, dataset, example), weighted like the
 *    aggregation (example × dataset × task weights, metrics/example-rows.ts): exact McNemar when every paired score is 0 or 1 and every pair weighs the same, else a paired bootstrap
 *    on the per-example differences for the CI, with p from the paired sign-flip test. Metrics without
 *    any score are compared on their value, with the metric's direction (tokens going up is
 *    worse). A delta is a regression when it is significant (p < significance) and the paired
 *    change is worse; with examples added or removed the aggregate delta can differ from (even
 *    have the other sign than) the paired change the test measures, and the verdict is the test's.
 * 3. Example flips of the overall example pass: pass → fail first, then fail → pass.
 * 4. Volatile figures with a relative tolerance (diff-volatile.ts).
 * 5. Gates whose outcome changed (diff-gates.ts).
 */

import { asRecorded } from '../metrics/decimal-round.js';
import { getMetricDefinition } from '../metrics/registry.js';
import { countDiscordant, mcnemarApplies, mcnemarExact } from '../metrics/stats/mcnemar.js';
import { pairedBootstrap } from '../metrics/stats/paired-bootstrap.js';
import { deriveSeed } from '../metrics/stats/prng.js';
import { changedExamples, markReorderedDatasets } from './diff-changed-examples.js';
import { type ComparabilityIssue, compareLockPins } from './diff-comparability.js';
import { type ExampleFlip, flipsOf, quietMetrics } from './diff-flips.js';
import { type GateChange, gateChanges } from './diff-gates.js';
import {
  onlyIn,
  pairedDeltaField,
  pairedIdCounts,
  pairsByScope,
  pairsFor,
  type Row,
  rowsOf,
} from './diff-rows.js';
import { compareVolatile, DEFAULT_VOLATILE_TOLERANCE, type VolatileDelta } from './diff-volatile.js';
import { byText } from './text-order.js';
import type { LockAggregate, Lockfile } from './types.js';

export type { ComparabilityIssue } from './diff-comparability.js';
export type { ExampleFlip } from './diff-flips.js';
export type { GateChange, GateOutcome } from './diff-gates.js';
export type { VolatileDelta } from './diff-volatile.js';

export interface DiffOptions {
  /** p-value threshold (default: the new lock's run.significance, else 0.05). */
  significance?: number;
  /** Bootstrap seed (default: the new lock's run.seed). */
  seed?: number;
  /** Bootstrap resamples (default: the new lock's run.bootstrap, else 1000). */
  resamples?: number;
  /** Relative tolerance for volatile figures (default 0.2 = ±20%). */
  volatileTolerance?: number;
}

export type DeltaDirection = 'regression' | 'improvement' | 'unchanged';

export interface AggregateDelta {
  scope: string;
  agent: string;
  metric: string;
  field: 'score' | 'value';
  higherIsBetter: boolean;
  old: number | null;
  new: number | null;
  /**
   * new − old of the aggregate means, as the lock records figures (12 significant digits: a
   * subtraction's float noise, 0.33333333333299997, is 0.333333333333); null when either is missing.
   */
  delta: number | null;
  /**
   * The test behind `pValue`: exact McNemar (every paired score 0 or 1), else the paired sign-flip
   * test (exact when 2ⁿ ≤ resamples, else Monte Carlo). The CI is the paired bootstrap's.
   * (`paired_bootstrap`, its p from the bootstrap's shift method, is what evalc 0.1 wrote before.)
   */
  method: 'mcnemar' | 'sign_flip' | 'paired_bootstrap' | 'none';
  /** Paired-bootstrap 95% CI of the paired difference. */
  ci: [number, number] | null;
  /**
   * The paired examples' change, which `ci` and the test measure, when it is not `delta` (examples
   * added, removed, or with a figure in one run only — a failed invoke, an errored judge; QA158:
   * `−0.240` beside `CI [0.000, 0.000]`). Absent when there is no CI or the two agree.
   */
  pairedDelta?: number;
  pValue: number | null;
  /**
   * How `pValue` was computed, whenever there is one: `exact` (McNemar; the sign-flip test over every
   * sign pattern, 2ⁿ ≤ resamples for n changed pairs) or `monte_carlo` (the sign-flip test over
   * `resamples` seeded patterns: p is an estimate, at least 1/(resamples + 1)). Absent without a p (QA81).
   */
  pValueMethod?: 'exact' | 'monte_carlo';
  /** Paired examples. */
  n: number;
  /**
   * Examples of both runs with a figure in one run only (a failed invoke has no `steps`): in the
   * aggregates' Δ, not in the test. Absent when none (QA54).
   */
  unpaired?: number;
  discordant?: { b: number; c: number };
  significant: boolean;
  direction: DeltaDirection;
}

export interface LockDiff {
  benchmark: { old: string; new: string };
  options: { significance: number; seed: number; resamples: number; volatileTolerance: number };
  comparable: boolean;
  comparability: ComparabilityIssue[];
  /** Regressions first (largest drop first), then improvements, then unchanged. */
  aggregates: AggregateDelta[];
  /** pass → fail first, then fail → pass; each sorted by agent, task, dataset, example. */
  flips: ExampleFlip[];
  /** Gates whose outcome changed: newly failing first, then by metric, scope, agent, kind. */
  gates: GateChange[];
  /**
   * Example rows paired and only in one run (agent × example); `new`/`gone` name the examples
   * (`task/dataset/example`) that no row of the other run has for any agent (QA49), when there are.
   */
  examples: {
    paired: number;
    added: number;
    removed: number;
    /** Examples (`task/dataset/example`) with a metric figure in both runs (some agent); `unpairedIds`: of both runs without one (QA171). */
    pairedIds: number;
    unpairedIds?: number;
    new?: string[];
    gone?: string[];
    /** Examples of both runs whose row was edited: input, expected value, … (diff-changed-examples.ts, QA139). */
    changed?: string[];
  };
  volatile: VolatileDelta[];
  /**
   * Set by `evalc diff` when one lock is an `apply --only` lock: the part of both runs compared
   * (`only`, e.g. `math` or `t/d`) and which lock ran it; the report says so, not stderr alone (QA90).
   */
  selection?: { only: string; lock: 'old' | 'new' };
  summary: {
    regressions: number;
    improvements: number;
    passToFail: number;
    failToPass: number;
    volatileOutOfTolerance: number;
    /** Gates that fail in the new run and did not in the old one (or are new and fail). */
    gatesNewlyFailing: number;
    /**
     * Failed example runs in each lockfile (`steps.errors`, as apply's summary counts them; null
     * for a lock without `steps`): per task alone, a run that errored everywhere was easy to miss (QA95).
     */
    errors: { old: number | null; new: number | null };
  };
}

function metricType(lock: Lockfile, metric: string, gids: string[]): string {
  for (const gid of gids) {
    const m = lock.groups[gid]?.metrics[metric];
    if (m) return m.type;
  }
  return metric;
}

/**
 * An aggregate's figure of one field: a measurement-only aggregate (`measure: 'value'`) keeps its
 * value in `mean`, a scored one keeps its score there and its value under `value` (QA107: a metric
 * measured in one run and scored in the other — refusal_rate given `should_refuse` — compared the
 * old refusal rate with the new score, `value 0.667 → 1.000`).
 */
function aggregateFigure(a: LockAggregate | undefined, field: 'score' | 'value'): number | null {
  if (!a) return null;
  // 'score' reads `mean` as recorded (a metric one run has, or measured with no example paired).
  if (field === 'score' || a.measure === 'value') return a.mean;
  return a.value?.mean ?? null;
}

function compareAggregate(
  old: Lockfile,
  now: Lockfile,
  scoped: Map<string, [Row, Row][]>,
  key: { scope: string; agent: string; metric: string },
  opts: LockDiff['options'] & { groupIds: string[] },
): AggregateDelta {
  const { scope, agent, metric } = key;
  const inScope = scoped.get(`${agent}\u0000${scope}`) ?? [];
  let field: 'score' | 'value' = 'score';
  let pairs = pairsFor(inScope, agent, metric, 'score');
  if (pairs.old.length === 0) {
    const byValue = pairsFor(inScope, agent, metric, 'value');
    if (byValue.old.length > 0) {
      field = 'value';
      pairs = byValue;
    }
  }
  const higherIsBetter =
    field === 'score'
      ? true
      : (getMetricDefinition(metricType(now, metric, opts.groupIds))?.higherIsBetter ?? true);
  const oldMean = aggregateFigure(old.aggregates[scope]?.[agent]?.[metric], field);
  const newMean = aggregateFigure(now.aggregates[scope]?.[agent]?.[metric], field);
  const delta = oldMean !== null && newMean !== null ? asRecorded(newMean - oldMean) : null;
  const out: AggregateDelta = {
    scope,
    agent,
    metric,
    field,
    higherIsBetter,
    old: oldMean,
    new: newMean,
    delta,
    method: 'none',
    ci: null,
    pValue: null,
    n: pairs.old.length,
    // Only beside a Δ: an aggregate one run has (a metric added or removed) has no Δ to count them (QA90).
    ...(pairs.unpaired > 0 && delta !== null ? { unpaired: pairs.unpaired } : {}),
    significant: false,
    direction: 'unchanged',
  };
  if (pairs.old.length === 0) return out;
  const seed = deriveSeed(opts.seed, `${scope}\u0000${agent}\u0000${metric}`);
  const boot = pairedBootstrap(pairs.old, pairs.now, pairs.weights, { seed, resamples: opts.resamples });
  if (!boot) return out;
  // Every score 0 or 1 and every pair of one weight (QA266: McNemar counts flips, not weights).
  const binary = field === 'score' && mcnemarApplies(pairs.old, pairs.now, pairs.weights);
  // Recorded as the lock's CIs are (12 significant digits), not the bootstrap's float noise.
  out.ci = [asRecorded(boot.ci[0]), asRecorded(boot.ci[1])];
  Object.assign(out, pairedDeltaField(boot.meanDiff, delta));
  if (binary) {
    const d = countDiscordant(
      pairs.old.map((x) => x === 1),
      pairs.now.map((x) => x === 1),
      pairs.weights,
    );
    out.method = 'mcnemar';
    out.discordant = d;
    out.pValue = mcnemarExact(d.b, d.c).pValue;
    out.pValueMethod = 'exact';
  } else {
    out.method = 'sign_flip';
    out.pValue = boot.pValue;
    out.pValueMethod = boot.exact ? 'exact' : 'monte_carlo';
  }
  // The verdict follows the test: its sign is the paired change, not the aggregate delta, which
  // also moves with examples only one run has (a run that fixed every paired example but added
  // failing ones was a significant "regression" with McNemar counting 0↓ 12↑).
  const change = boot.meanDiff;
  // McNemar runs only where every pair weighs the same (mcnemarApplies), so its flips c − b have the
  // sign of the change: QA71's guard for flips pointing against a weighted change had nothing left to catch.
  out.significant = out.pValue < opts.significance && change !== 0;
  if (out.significant) {
    const better = higherIsBetter ? change > 0 : change < 0;
    out.direction = better ? 'improvement' : 'regression';
  }
  return out;
}

/**
 * The measurement a scored metric keeps beside its score (numeric's absolute error, a judge's
 * violations, refusal_rate's rate; the lock's `value`), when it changed: report.md shows it on a
 * row of its own (`num value (absolute error)`), but the comparison had the score's delta alone, so
 * an absolute error going 0.1 → 0.9 within the tolerance read "No aggregate changed" (QA138). Its
 * Δ and paired CI are shown; no test and no verdict (`method: 'none'`, `direction: 'unchanged'`:
 * the score's own row judges). `higherIsBetter` is the value's direction, from the metric's
 * definition as a measure-only value's is (numeric's absolute error: lower is better): it said
 * `true` for every such row, so an absolute error going up read as a rise of a higher-is-better
 * figure (QA147).
 */
function compareValueBeside(
  old: Lockfile,
  now: Lockfile,
  scoped: Map<string, [Row, Row][]>,
  key: { scope: string; agent: string; metric: string },
  opts: LockDiff['options'] & { groupIds: string[] },
): AggregateDelta | undefined {
  const { scope, agent, metric } = key;
  const oldMean = old.aggregates[scope]?.[agent]?.[metric]?.value?.mean ?? null;
  const newMean = now.aggregates[scope]?.[agent]?.[metric]?.value?.mean ?? null;
  if (oldMean === null || newMean === null) return undefined;
  const delta = asRecorded(newMean - oldMean);
  if (delta === 0) return undefined;
  const pairs = pairsFor(scoped.get(`${agent}\u0000${scope}`) ?? [], agent, metric, 'value');
  // The score's stream (QA154, as 7782c66 for the lock's CIs): the same pairs are drawn, so a value
  // that is a function of the score (bleu's 100 × score) has the matching CI of its Δ.
  const seed = deriveSeed(opts.seed, `${scope}\u0000${agent}\u0000${metric}`);
  const boot =
    pairs.old.length > 0
      ? pairedBootstrap(pairs.old, pairs.now, pairs.weights, { seed, resamples: opts.resamples })
      : undefined;
  return {
    scope,
    agent,
    metric,
    field: 'value',
    higherIsBetter: getMetricDefinition(metricType(now, metric, opts.groupIds))?.higherIsBetter ?? true,
    old: oldMean,
    new: newMean,
    delta,
    method: 'none',
    ci: boot ? [asRecorded(boot.ci[0]), asRecorded(boot.ci[1])] : null,
    ...(boot ? pairedDeltaField(boot.meanDiff, delta) : {}),
    pValue: null,
    n: pairs.old.length,
    ...(pairs.unpaired > 0 ? { unpaired: pairs.unpaired } : {}),
    significant: false,
    direction: 'unchanged',
  };
}

const DIRECTION_ORDER: Record<DeltaDirection, number> = { regression: 0, improvement: 1, unchanged: 2 };

function compareDeltas(a: AggregateDelta, b: AggregateDelta): number {
  const d = DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction];
  if (d !== 0) return d;
  if (a.direction !== 'unchanged') {
    const m = Math.abs(b.delta ?? 0) - Math.abs(a.delta ?? 0);
    if (m !== 0) return m;
  }
  return byText(a.scope, b.scope) || byText(a.agent, b.agent) || byText(a.metric, b.metric);
}

function aggregateKeys(old: Lockfile, now: Lockfile) {
  const keys = new Map<string, { scope: string; agent: string; metric: string }>();
  for (const lock of [old, now]) {
    for (const [scope, agents] of Object.entries(lock.aggregates ?? {})) {
      for (const [agent, metrics] of Object.entries(agents)) {
        for (const metric of Object.keys(metrics)) {
          keys.set(`${scope}\u0000${agent}\u0000${metric}`, { scope, agent, metric });
        }
      }
    }
  }
  return [...keys.entries()].sort(([a], [b]) => byText(a, b)).map(([, v]) => v);
}

export function diffLocks(old: Lockfile, now: Lockfile, options: DiffOptions = {}): LockDiff {
  const opts: LockDiff['options'] = {
    significance: options.significance ?? now.run?.significance ?? 0.05,
    seed: options.seed ?? now.run?.seed ?? 0,
    resamples: options.resamples ?? (now.run?.bootstrap || 1000),
    volatileTolerance: options.volatileTolerance ?? DEFAULT_VOLATILE_TOLERANCE,
  };
  const oldRows = rowsOf(old);
  const newRows = rowsOf(now);
  const paired: [Row, Row][] = [];
  for (const key of [...newRows.keys()].sort()) {
    const o = oldRows.get(key);
    const n = newRows.get(key);
    if (o && n) paired.push([o, n]);
  }
  const comparability = compareLockPins(old, now);
  const scoped = pairsByScope(paired);
  const groupIds = Object.keys(now.groups).sort();
  const aggregates = aggregateKeys(old, now)
    .flatMap((k) => {
      const score = compareAggregate(old, now, scoped, k, { ...opts, groupIds });
      const value =
        score.field === 'score' ? compareValueBeside(old, now, scoped, k, { ...opts, groupIds }) : undefined;
      return value ? [score, value] : [score];
    })
    .sort(compareDeltas);
  const flips = flipsOf(paired, quietMetrics(old), quietMetrics(now));
  const volatile = compareVolatile(old, now, opts.volatileTolerance);
  const gates = gateChanges(old, now);
  const changed = changedExamples(old, now, paired);
  markReorderedDatasets(comparability, old, now, changed);
  return {
    benchmark: { old: old.plan.benchmark.id, new: now.plan.benchmark.id },
    options: opts,
    comparable: comparability.every((c) => c.severity !== 'warning'),
    comparability,
    aggregates,
    flips,
    gates,
    examples: {
      paired: paired.length,
      added: newRows.size - paired.length,
      removed: oldRows.size - paired.length,
      ...pairedIdCounts(paired),
      ...onlyIn('new', newRows, oldRows),
      ...onlyIn('gone', oldRows, newRows),
      ...(changed.length > 0 ? { changed } : {}),
    },
    volatile,
    summary: {
      regressions: aggregates.filter((a) => a.direction === 'regression').length,
      improvements: aggregates.filter((a) => a.direction === 'improvement').length,
      passToFail: flips.filter((f) => f.kind === 'pass_to_fail').length,
      failToPass: flips.filter((f) => f.kind === 'fail_to_pass').length,
      volatileOutOfTolerance: volatile.filter((v) => !v.withinTolerance).length,
      // A gate failing in both runs, its bound moved, is in `gates` too: not newly failing (QA174).
      gatesNewlyFailing: gates.filter((g) => g.new === 'failed' && g.old !== 'failed').length,
      errors: { old: errorCount(old), new: errorCount(now) },
    },
  };
}

/** A lockfile's failed example runs (the sum of `steps.errors`), or null when it has no `steps`. */
function errorCount(lock: Lockfile): number | null {
  const errors: unknown = lock.steps?.errors;
  if (typeof errors !== 'object' || errors === null) return null;
  let sum = 0;
  for (const n of Object.values(errors)) if (typeof n === 'number' && Number.isFinite(n)) sum += n;
  return sum;
}
