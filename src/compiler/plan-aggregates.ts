/**
 * The aggregate row of a plan (plan-run.ts): after every invoke, extract and score step is
 * planned, which aggregate nodes (groups, tasks, the benchmark) apply computes again and why —
 * scores changed, runs the lock does not record, a dataset edit no step key sees, a lock of
 * another evalc or another plan, a metric's code version — and, for `--json`, the aggregate nodes
 * in the step list. Split from plan-run.ts (QA252), no behaviour change.
 */

import type { Lockfile } from '../lockfile/types.js';
import { EVALC_VERSION } from '../version.js';
import {
  datasetEditBeside,
  datasetEditReason,
  goneGroupsReason,
  joinedFromCacheReason,
  planChangeReason,
  removedMetricsReason,
  runSettingsChange,
  unrecordedReason,
} from './aggregate-reason.js';
import type { CompiledPlan } from './compile.js';
import { aggregateMetricChange, datasetsMatch } from './lock-records.js';
import type { CacheView, PlanCounts, PlannedStep, PlanRow } from './plan-rows.js';

/** What the step pass leaves for the aggregate pass. */
export interface StepPass {
  counts: PlanCounts;
  rows: Map<string, PlanRow>;
  steps: PlannedStep[] | undefined;
  /** Groups with a step that runs (the count, and their ids and tasks). */
  groupsChanged: number;
  changedGroups: Set<string>;
  tasksChanged: Set<string>;
  /** Runs every step of which is cached but that evalc.lock does not record, and their groups. */
  staleRuns: number;
  staleGroups: Map<string, string>;
  stepUnit: PlanRow['unit'];
  /** evalc.lock records this run and left nothing to retry. */
  upToDate: boolean;
}

/** Sets the plan's aggregate row and counts (and lists the aggregate nodes in `pass.steps`). */
export function planAggregates(
  compiled: CompiledPlan,
  cache: CacheView,
  lock: Lockfile | undefined,
  pass: StepPass,
): void {
  const { counts, rows, steps, changedGroups, tasksChanged, staleRuns, staleGroups, stepUnit, upToDate } =
    pass;
  let { groupsChanged } = pass;
  const benchmark = compiled.resolved.plan.benchmark.id;
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
  // A run settings edit beside changed scores (a seed, lowered repeats) moves every aggregate too,
  // and is said (QA342: `because scores changed` of the new example's 3 nodes, where apply rewrote 6).
  const settings = groupsChanged > 0 && lock ? runSettingsChange(compiled, lock)?.text : undefined;
  // Such a metric's figures change in every group that has it: every aggregate is computed again.
  const changedAggregates =
    groupsChanged === 0
      ? 0
      : metricChange || settings
        ? aggregateNodes
        : groupsChanged + tasksChanged.size + 1;
  // The aggregate row: `count` nodes of the benchmark computed again, `+` without a lock, `~` beside one.
  const setAggregateRow = (count: number, reason: string) => {
    counts.aggregate.run = count;
    rows.set('aggregate', {
      symbol: lock ? '~' : '+',
      kind: 'aggregate',
      target: benchmark,
      count,
      unit: 'nodes',
      reason,
    });
  };
  if (changedAggregates > 0) {
    setAggregateRow(
      changedAggregates,
      !lock
        ? 'new'
        : lockStale
          ? unrecordedReason(staleRuns, stepUnit)
          : editOnly
            ? datasetEditReason(compiled, lock)
            : `because scores changed${[metricChange?.replace(/^because /, ''), settings, goneGroups, removedMetrics, datasetNote?.replace(/^because /, ''), joinedFromCacheReason(compiled, lock, cache)?.replace(/^because /, '')].map((why) => (why ? `, and ${why}` : '')).join('')}`,
    );
  } else if (lockMissing || datasetEdited || otherVersion || metricChange) {
    setAggregateRow(
      aggregateNodes,
      !lock
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
            ? planChangeReason(compiled, lock, staleRuns, stepUnit, staleGroups.keys())
            : otherVersion
              ? `because evalc.lock was written by evalc ${otherVersion} (this is ${EVALC_VERSION})`
              : (metricChange ?? "because evalc.lock is not this plan's"),
    );
  }
  counts.aggregate.cached = aggregateNodes - counts.aggregate.run;
  // The aggregate nodes in `--json`'s list too (the DAG's ids: `evalc graph`): they have no
  // content key (aggregates are recomputed from the scores, never cached).
  if (steps) {
    const row = rows.get('aggregate');
    // Every node, as counted: no step ran, or one did beside an edit that moves every aggregate
    // (a metric's code, a run setting; QA342: the row counted 5 and the list marked 3 changed).
    const all = counts.aggregate.run === aggregateNodes;
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
}
