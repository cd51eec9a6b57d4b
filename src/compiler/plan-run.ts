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
 */

import type { Lockfile, LockResult } from '../lockfile/types.js';
import { EVALC_VERSION } from '../version.js';
import {
  datasetEditBeside,
  datasetEditReason,
  goneGroupsReason,
  joinedFromCacheReason,
  planChangeReason,
  removedMetricsReason,
  unrecordedReason,
} from './aggregate-reason.js';
import type { CompiledPlan } from './compile.js';
import { instructionsOrRowsReason } from './instructions-or-rows.js';
import {
  aggregateMetricChange,
  datasetsMatch,
  FAILED_INVOKE_KIND,
  lockHeaderMatches,
  recordedError,
  recordsStep,
} from './lock-records.js';
import { downstream, exampleReason, groupReasons, scoreReason, UP_TO_DATE_REASON } from './plan-reasons.js';
import {
  createRowCollector,
  mergeScoreRows,
  type PlannedKind,
  type PlanRow,
  type PlanSymbol,
} from './plan-rows.js';
import { holdsStaleFailure, STALE_MAX_TOKENS_REASON } from './stale-failures.js';
import { groupSteps } from './step-keys.js';

export interface CacheView {
  has(key: string): boolean;
  /** The kind an entry was put with (`invoke`, `invoke-failed`…); StepStore has it. */
  kindOf?(key: string): string | undefined;
  /** An entry's value; read only for the rare step the lock cannot explain (no lock, pruned rows). */
  get?(key: string): unknown;
}

export interface PlannedStep {
  kind: PlannedKind;
  id: string;
  /** The step's content key; none for an aggregate (recomputed from the scores, never cached). */
  key?: string;
  /** `skipped`: not cached, and apply does not run it (the reason says why). */
  status: 'new' | 'changed' | 'cached' | 'skipped';
  reason?: string;
}

export interface RunPlan {
  benchmark: string;
  rows: PlanRow[];
  counts: Record<PlannedKind, { run: number; cached: number }>;
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
  options: { listSteps?: boolean } = {},
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
    const exampleMetricIds = group.metrics.filter((m) => m.info?.stage === 'example').map((m) => m.id);
    let groupChanged = false;
    let groupStale = false;
    const repeats = compiledGroup.keys.repeats;
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
      const staleFailure = holdsStaleFailure(cache, agentProtocol, step.invokeKey);
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
          add(symbol, kind, rowTarget, reason);
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
          (staleFailure ? { symbol: '~' as const, reason: STALE_MAX_TOKENS_REASON } : undefined) ??
          exampleReason(previous, step, step.instructionsUnsent ? why.unsentInput : changedInput));
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
        : (why.extract ?? { symbol: '~' as const, reason: 'not in cache' });
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
        staleRuns++;
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
  // Apply's up-to-date rule: the lock records exactly this run, which left nothing to retry.
  const upToDate = recorded && examples === (lock?.results.length ?? -1);
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
  const aggregateNodes =
    compiled.groups.length + new Set(compiled.groups.map((g) => g.group.taskId)).size + 1;
  const lockMissing = lock === undefined || lock.plan.digest !== compiled.resolved.planDigest;
  // A dataset edit no step key sees (an example's weight) still changes the lock's rows and aggregates.
  const datasetEdited = !lockMissing && lock !== undefined && !datasetsMatch(lock, compiled);
  // A lock another evalc wrote is never up to date: apply re-aggregates and rewrites it (QA38).
  const otherVersion = lock !== undefined && lock.evalc !== EVALC_VERSION ? lock.evalc : undefined;
  // A metric only aggregates compute whose code version changed (QA74): no step key sees it.
  // Named whatever else changed (QA107: beside changed scores it went unsaid).
  const metricChange = lock ? aggregateMetricChange(lock, compiled) : undefined;
  // A metric removed (or renamed) whose results leave the lock, said beside the scores that changed (QA115).
  const removedMetrics = lock ? removedMetricsReason(compiled, lock) : undefined;
  // Groups that left the plan (an agent renamed), said beside the scores that changed (QA221).
  const goneGroups = lock ? goneGroupsReason(compiled, lock) : undefined;
  // Only cached runs the lock does not record: their groups re-aggregate, for that reason.
  const lockStale = groupsChanged === 0 && staleRuns > 0 && !lockMissing && !datasetEdited && !otherVersion;
  // Beside steps that run too (QA231: an agent renamed, then `apply --only`, left its group out).
  if (lockStale || (groupsChanged > 0 && !upToDate)) {
    for (const [id, taskId] of staleGroups) {
      if (changedGroups.has(id)) continue;
      groupsChanged++;
      changedGroups.add(id);
      tasksChanged.add(taskId);
    }
  }
  // A dataset edit no step sees beside steps that run (an example removed from one dataset, one
  // added to another): its groups' aggregates change too, and the edit is said (QA221).
  // A dataset edit alone re-aggregates the edited datasets' groups, their tasks and the benchmark,
  // as apply rewrites them (QA227: an example removed from d1 of three datasets read 5 nodes, 3 change).
  const editOnly = groupsChanged === 0 && staleRuns === 0 && datasetEdited && !otherVersion && !metricChange;
  const datasetEdit =
    (groupsChanged > 0 || editOnly) && lock ? datasetEditBeside(compiled, lock, changedGroups) : undefined;
  for (const group of datasetEdit?.groups ?? []) {
    groupsChanged++;
    changedGroups.add(group.id);
    tasksChanged.add(group.taskId);
  }
  const datasetNote = datasetEdit?.reason;
  // Such a metric's figures change in every group that has it: every aggregate is computed again.
  const changedAggregates =
    groupsChanged === 0 ? 0 : metricChange ? aggregateNodes : groupsChanged + tasksChanged.size + 1;
  if (changedAggregates > 0) {
    counts.aggregate.run = changedAggregates;
    rows.set('aggregate', {
      symbol: lock ? '~' : '+',
      kind: 'aggregate',
      target: benchmark,
      count: changedAggregates,
      unit: 'nodes',
      reason: !lock
        ? 'new'
        : lockStale
          ? unrecordedReason(staleRuns, stepUnit)
          : editOnly
            ? datasetEditReason(compiled, lock)
            : `because scores changed${[metricChange?.replace(/^because /, ''), goneGroups, removedMetrics, datasetNote?.replace(/^because /, ''), joinedFromCacheReason(compiled, lock, cache)?.replace(/^because /, '')].map((why) => (why ? `, and ${why}` : '')).join('')}`,
    });
  } else if ((lockMissing || datasetEdited || otherVersion || metricChange) && compiled.groups.length > 0) {
    counts.aggregate.run = aggregateNodes;
    rows.set('aggregate', {
      symbol: lock ? '~' : '+',
      kind: 'aggregate',
      target: benchmark,
      count: aggregateNodes,
      unit: 'nodes',
      reason: !lock
        ? 'no lockfile yet'
        : datasetEdited
          ? datasetEditReason(
              compiled,
              lock,
              staleRuns > 0
                ? { reason: unrecordedReason(staleRuns, stepUnit), groups: staleGroups.keys() }
                : undefined,
            )
          : lockMissing
            ? planChangeReason(compiled, lock, staleRuns, stepUnit)
            : otherVersion
              ? `because evalc.lock was written by evalc ${otherVersion} (this is ${EVALC_VERSION})`
              : (metricChange ?? "because evalc.lock is not this plan's"),
    });
  }
  counts.aggregate.cached = aggregateNodes - counts.aggregate.run;
  // The aggregate nodes in `--json`'s list too (the DAG's ids: `evalc graph`): they have no
  // content key (aggregates are recomputed from the scores, never cached).
  if (steps) {
    const row = rows.get('aggregate');
    const all = changedAggregates === 0 && counts.aggregate.run > 0;
    const node = (id: string, runs: boolean) =>
      steps.push({
        kind: 'aggregate',
        id,
        status: !runs ? 'cached' : row?.symbol === '+' ? 'new' : 'changed',
        ...(runs && row ? { reason: row.reason } : {}),
      });
    for (const { group } of compiled.groups)
      node(`aggregate/${group.id}`, all || changedGroups.has(group.id));
    for (const taskId of [...new Set(compiled.groups.map((g) => g.group.taskId))])
      node(`aggregate/task/${taskId}`, all || tasksChanged.has(taskId));
    node('aggregate/benchmark', counts.aggregate.run > 0);
  }
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
