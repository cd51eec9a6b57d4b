/**
 * The plan (DESIGN.md §6): which steps `apply` would run and why, by comparing every step's
 * key with the cache and each group's key components with the previous lockfile. Pure data;
 * the text and JSON views are renderers of it.
 *
 * It follows apply's rules, so the two agree: when evalc.lock records this very run and the run
 * left nothing to retry (lock-records.ts), apply is up to date and the plan has no changes, even
 * for steps not in the cache (a score whose judge failed, a pruned cache). Otherwise a step runs
 * when it is not cached, except the extract and score steps of an invoke cached as a definitive
 * failure and the scores of an extraction that failed: apply never runs those (the example's
 * metrics are recorded from the failure). Such steps are `skipped`: neither run nor cached.
 * The aggregate row, after the steps are planned, is plan-aggregates.ts's.
 */

import type { Lockfile, LockResult } from '../lockfile/types.js';
import { codeVersionProbe } from './code-version-reason.js';
import type { CompiledPlan } from './compile.js';
import { instructionsOrRowsReason } from './instructions-or-rows.js';
import { cachedOverLimit, judgeInputLimit, overLimitReason } from './judge-input-reason.js';
import {
  FAILED_INVOKE_KIND,
  lockHeaderMatches,
  recordedError,
  recordsRepeat,
  recordsStep,
} from './lock-records.js';
import { planAggregates } from './plan-aggregates.js';
import { downstream, exampleReason, groupReasons, scoreReason, UP_TO_DATE_REASON } from './plan-reasons.js';
import {
  type CacheView,
  createRowCollector,
  mergeScoreRows,
  type PlanCounts,
  type PlannedKind,
  type PlannedStep,
  type PlanRow,
  type PlanSymbol,
} from './plan-rows.js';
import { replyLimit } from './reply-limit-failures.js';
import { holdsStaleFailure, staleFailureReason } from './stale-failures.js';
import { groupSteps } from './step-keys.js';

export type { CacheView, PlannedStep } from './plan-rows.js';

export interface RunPlan {
  benchmark: string;
  rows: PlanRow[];
  counts: PlanCounts;
  hasChanges: boolean;
  /** evalc.lock records this run and left nothing to retry: apply would say it is up to date. */
  upToDate: boolean;
  /** Steps neither cached nor run by apply: downstream of a definitive failure, or recorded in an up-to-date lock. */
  skipped: number;
  /** Of `skipped`, those recorded in an up-to-date evalc.lock but not in the cache (e.g. a fresh clone). */
  lockOnly: number;
  /** Examples whose input could not be rendered (reported by validate). */
  renderFailures: number;
  steps?: PlannedStep[];
}

export function planRun(
  compiled: CompiledPlan,
  cache: CacheView,
  lock: Lockfile | undefined,
  /** `only`: `apply --only`, which never reads evalc.lock as up to date, runs what the cache lacks. */
  options: { listSteps?: boolean; only?: boolean } = {},
): RunPlan {
  const benchmark = compiled.resolved.plan.benchmark.id;
  const counts: RunPlan['counts'] = {
    invoke: { run: 0, cached: 0 },
    extract: { run: 0, cached: 0 },
    score: { run: 0, cached: 0 },
    aggregate: { run: 0, cached: 0 },
  };
  const steps: PlannedStep[] | undefined = options.listSteps ? [] : undefined;
  const lockResults = indexLockResults(lock);
  let renderFailures = 0;
  const tasksChanged = new Set<string>();
  let groupsChanged = 0;
  const changedGroups = new Set<string>();
  let skipped = 0;
  let staleRuns = 0;
  const staleGroups = new Map<string, string>();
  // Whether evalc.lock records every step of this plan (checked step by step below).
  let recorded = lockHeaderMatches(lock, compiled);
  let examples = 0;

  const stepUnit: PlanRow['unit'] = compiled.resolved.plan.run.repeats > 1 ? 'runs' : 'examples';
  const { rows, add } = createRowCollector(stepUnit);

  for (const compiledGroup of compiled.groups) {
    const { group } = compiledGroup;
    const target = `${benchmark}/${group.taskId}[${group.agentId}]`;
    const why = groupReasons(compiledGroup, lock, compiled);
    const changedInput =
      why.changedInput ??
      (why.invoke ? undefined : instructionsOrRowsReason(compiledGroup, lock, compiled, lockResults));
    const agentProtocol = compiled.resolved.plan.agents[group.agentId]?.protocol;
    const agentReplyLimit = replyLimit(compiled.resolved.plan, group.agentId);
    const exampleMetricIds = group.metrics.filter((m) => m.info?.stage === 'example').map((m) => m.id);
    let groupChanged = false;
    let groupStale = false;
    const repeats = compiledGroup.keys.repeats;
    // A key moved by evalc's own code (an upgrade's CODE_VERSIONS), said as such (QA352).
    const code = codeVersionProbe(group, compiledGroup.keys);
    examples += group.dataset.examples.length;
    for (const step of groupSteps(group, compiledGroup.keys)) {
      const previous = lockResults.get(`${group.id}\u0000${step.example.id}`);
      const stepRecorded = recordsStep(previous, step, repeats);
      if (!stepRecorded) recorded = false;
      const ranBefore = counts.invoke.run + counts.extract.run + counts.score.run;
      if (!step.invokeKey || !step.extractKey) {
        renderFailures++;
        continue;
      }
      // A cached failure an older evalc wrote that this one would not get again (QA128).
      const staleFailure = holdsStaleFailure(cache, agentProtocol, step.invokeKey, agentReplyLimit);
      const invokeCached = !staleFailure && cache.has(step.invokeKey);
      if (staleFailure) recorded = false;
      const record = (
        kind: PlannedKind,
        key: string,
        cached: boolean | 'skipped',
        symbol: PlanSymbol,
        reason: string,
        rowTarget = target,
        metricId?: string,
      ) => {
        if (cached === 'skipped') skipped++;
        else if (cached) counts[kind].cached++;
        else {
          counts[kind].run++;
          groupChanged = true;
          add(symbol, kind, rowTarget, reason, undefined, `${group.datasetId}/${step.example.id}`);
        }
        steps?.push({
          kind,
          // Score steps are one per metric: the metric id keeps step ids unique.
          id: metricId === undefined ? `${kind}/${step.id}` : `${kind}/${step.id}/${metricId}`,
          key,
          status: cached === 'skipped' ? 'skipped' : cached ? 'cached' : symbol === '+' ? 'new' : 'changed',
          ...(cached === true ? {} : { reason }),
        });
      };
      const invokeWhy = invokeCached
        ? why.invoke
        : (why.invoke ??
          (staleFailure
            ? {
                symbol: '~' as const,
                reason: staleFailureReason(cache, step.invokeKey, group.agentId, agentReplyLimit),
              }
            : undefined) ??
          exampleReason(previous, step, step.instructionsUnsent ? why.unsentInput : changedInput, () =>
            code.reasonFor(step, previous, 'invoke'),
          ));
      record(
        'invoke',
        step.invokeKey,
        invokeCached,
        invokeWhy?.symbol ?? '~',
        invokeWhy?.reason ?? 'not in cache',
      );
      const lastError = recordedError(previous, step);
      // A definitive failure is the invoke's cached result: apply runs nothing after it.
      if (invokeCached && cache.kindOf?.(step.invokeKey) === FAILED_INVOKE_KIND) {
        const reason = `its invoke failed definitively${lastError ? ` (${lastError})` : ''}`;
        record('extract', step.extractKey, 'skipped', '~', reason);
        for (const metric of group.metrics) {
          const key = step.scoreKeys[metric.id];
          if (key !== undefined)
            record('score', key, 'skipped', '~', reason, `${target}/${metric.id}`, metric.id);
        }
        // No lock row (an `apply --only` ran it): apply writes it in, as below (QA247: unsaid).
        if (!previous && lock) groupStale = true;
        continue;
      }
      // The lock recorded a failure of this very request (a timeout, a 5xx, a `--refresh` whose
      // new attempt failed) that was never cached, while the cache holds an answer from an
      // earlier run: apply reuses that answer without calling the agent, and the lock's row
      // changes. Not a step to run, but not "No changes" either.
      // (An example never sent, e.g. after a failed preflight, is recorded with no invoke key.)
      const lockError =
        lastError ??
        ((previous?.invoke[step.repeat] ?? null) === null
          ? (previous?.errors?.[step.repeat] ?? undefined)
          : undefined);
      if (
        invokeCached &&
        lockError !== undefined &&
        lockError !== 'extraction_failed' &&
        cache.kindOf !== undefined
      ) {
        add(
          '~',
          'invoke',
          target,
          `because evalc.lock records a failure (${lockError}) and the cache holds an earlier answer: apply reuses it (no agent call; --refresh asks again)`,
        );
        groupChanged = true;
      }
      const extractCached = cache.has(step.extractKey);
      const extractWhy = !invokeCached
        ? downstream(invokeWhy, 'because its invoke runs')
        : (why.extract ?? {
            symbol: '~' as const,
            reason: (!extractCached && code.reasonFor(step, previous, 'extract')) || 'not in cache',
          });
      record('extract', step.extractKey, extractCached, extractWhy.symbol, extractWhy.reason);
      // A cached extraction that failed (the lock says so, for this invoke and this binding
      // output): apply scores nothing from it, the metrics are recorded from the failure.
      // Without such a row (no lock, or a lock of another run) the cached extraction itself says
      // so, read only when a score is missing (QA35: `plan` said "+ score … new" for it).
      let extractFailed: boolean | undefined =
        invokeCached && extractCached && !why.extract && lastError === 'extraction_failed';
      for (const metric of group.metrics) {
        const key = step.scoreKeys[metric.id];
        if (key === undefined) continue;
        const cached = cache.has(key);
        if (!cached && !extractFailed && invokeCached && extractCached && lastError === undefined) {
          extractFailed = cachedExtractionFailed(cache, step.extractKey);
        }
        if (!cached && extractFailed) {
          record('score', key, 'skipped', '~', 'its extraction failed', `${target}/${metric.id}`, metric.id);
          continue;
        }
        const metricWhy = !extractCached
          ? downstream(extractWhy, 'because its extract runs')
          : (why.metrics.get(metric.id) ??
            (cached ? undefined : judgeInputWhy(compiled, cache, key, metric.judgeId)) ??
            codeWhy(cached ? undefined : code.reasonFor(step, previous, 'score')) ??
            scoreReason(
              previous,
              metric.id,
              key,
              step,
              metric.info?.stage === 'derived' ? exampleMetricIds : undefined,
            ));
        record('score', key, cached, metricWhy.symbol, metricWhy.reason, `${target}/${metric.id}`, metric.id);
      }
      // Every step of this run is cached, but evalc.lock's row does not record them (an `apply
      // --only`, a shared cache): apply writes them in, so the lock changes (QA66: "No changes").
      if (
        previous &&
        !stepRecorded &&
        counts.invoke.run + counts.extract.run + counts.score.run === ranBefore
      ) {
        // A repeat the row records under another run.repeats is not counted (QA352: 24 of 12).
        if (!recordsRepeat(previous, step)) staleRuns++;
        groupStale = true;
      }
      // No lock row, every step cached (a group `apply --only` ran): apply writes it in too (QA231).
      if (!previous && lock && counts.invoke.run + counts.extract.run + counts.score.run === ranBefore)
        groupStale = true;
    }
    if (groupStale) staleGroups.set(group.id, group.taskId);
    if (groupChanged) {
      groupsChanged++;
      changedGroups.add(group.id);
      tasksChanged.add(group.taskId);
    }
  }
  // Apply's up-to-date rule: the lock records exactly this run, which left nothing to retry; not
  // under --only (QA254: 'No changes … apply would call no agent' of steps the cache had lost, which
  // apply --only ran).
  const upToDate = !options.only && recorded && examples === (lock?.results.length ?? -1);
  let lockOnly = 0;
  if (upToDate) {
    for (const kind of ['invoke', 'extract', 'score'] as const) {
      skipped += counts[kind].run;
      lockOnly += counts[kind].run;
      counts[kind].run = 0;
    }
    rows.clear();
    groupsChanged = 0;
    changedGroups.clear();
    tasksChanged.clear();
    for (const step of steps ?? []) {
      if (step.status === 'new' || step.status === 'changed') {
        step.status = 'skipped';
        step.reason = UP_TO_DATE_REASON;
      }
    }
  }
  planAggregates(compiled, cache, lock, {
    counts,
    rows,
    steps,
    groupsChanged,
    changedGroups,
    tasksChanged,
    staleRuns,
    staleGroups,
    stepUnit,
    upToDate,
  });
  const ordered = mergeScoreRows([...rows.values()], benchmark);
  const hasChanges = counts.invoke.run + counts.extract.run + counts.score.run + counts.aggregate.run > 0;
  return {
    benchmark,
    rows: ordered,
    counts,
    hasChanges,
    upToDate,
    skipped,
    lockOnly,
    renderFailures,
    ...(steps ? { steps } : {}),
  };
}

/** A score whose last judge call was refused for its input's size: whether the limit now lets it through. */
function judgeInputWhy(
  compiled: CompiledPlan,
  cache: CacheView,
  key: string,
  judgeId: string | undefined,
): { symbol: '~'; reason: string } | undefined {
  const recorded = judgeId === undefined ? undefined : cachedOverLimit(cache, key);
  if (judgeId === undefined || recorded === undefined) return undefined;
  return {
    symbol: '~',
    reason: overLimitReason(judgeId, recorded, judgeInputLimit(compiled.resolved.plan, judgeId)),
  };
}

function indexLockResults(lock: Lockfile | undefined): Map<string, LockResult> {
  const index = new Map<string, LockResult>();
  for (const r of lock?.results ?? []) index.set(`${r.group}\u0000${r.example}`, r);
  return index;
}

/** Whether the cached extract entry under `key` records a failed extraction (`{ ok: false }`). */
function cachedExtractionFailed(cache: CacheView, key: string): boolean {
  const entry = cache.get?.(key);
  return typeof entry === 'object' && entry !== null && (entry as { ok?: unknown }).ok === false;
}

/** A code-version reason as a `~` row's (code-version-reason.ts). */
function codeWhy(reason: string | undefined): { symbol: '~'; reason: string } | undefined {
  return reason === undefined ? undefined : { symbol: '~', reason };
}
