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
import type { CompiledGroup, CompiledPlan } from './compile.js';
import { stripUserInfo } from './identities.js';
import {
  datasetsMatch,
  FAILED_INVOKE_KIND,
  lockHeaderMatches,
  recordedError,
  recordedScoreKey,
  recordsStep,
} from './lock-records.js';
import { type ExampleSteps, groupSteps } from './step-keys.js';

export interface CacheView {
  has(key: string): boolean;
  /** The kind an entry was put with (`invoke`, `invoke-failed`…); StepStore has it. */
  kindOf?(key: string): string | undefined;
}

export type PlanSymbol = '+' | '~';
export type PlannedKind = 'invoke' | 'extract' | 'score' | 'aggregate';

export interface PlanRow {
  symbol: PlanSymbol;
  kind: PlannedKind;
  target: string;
  count: number;
  /** `runs` (example × repeat) when the plan has repeats > 1: every invoke, extract and score counts once. */
  unit: 'examples' | 'runs' | 'nodes';
  reason: string;
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
  const rows = new Map<string, PlanRow>();
  const steps: PlannedStep[] | undefined = options.listSteps ? [] : undefined;
  const lockResults = indexLockResults(lock);
  let renderFailures = 0;
  const tasksChanged = new Set<string>();
  let groupsChanged = 0;
  const changedGroups = new Set<string>();
  const recentRows: PlanRow[] = [];
  let skipped = 0;
  // Whether evalc.lock records every step of this plan (checked step by step below).
  let recorded = lockHeaderMatches(lock, compiled);
  let examples = 0;

  const stepUnit: PlanRow['unit'] = compiled.resolved.plan.run.repeats > 1 ? 'runs' : 'examples';
  const add = (
    symbol: PlanSymbol,
    kind: PlannedKind,
    target: string,
    reason: string,
    unit: PlanRow['unit'] = stepUnit,
  ) => {
    // Hot path (one call per step): reuse a recent row before building its id string.
    for (const row of recentRows) {
      if (row.kind === kind && row.symbol === symbol && row.target === target && row.reason === reason) {
        row.count++;
        return;
      }
    }
    const id = `${symbol}|${kind}|${target}|${reason}`;
    const row = rows.get(id) ?? { symbol, kind, target, count: 0, unit, reason };
    row.count++;
    rows.set(id, row);
    recentRows.unshift(row);
    if (recentRows.length > 8) recentRows.pop();
  };

  for (const compiledGroup of compiled.groups) {
    const { group } = compiledGroup;
    const target = `${benchmark}/${group.taskId}[${group.agentId}]`;
    const why = groupReasons(compiledGroup, lock, compiled);
    let groupChanged = false;
    const repeats = compiledGroup.keys.repeats;
    examples += group.dataset.examples.length;
    for (const step of groupSteps(group, compiledGroup.keys)) {
      const previous = lockResults.get(`${group.id}\u0000${step.example.id}`);
      if (recorded && !recordsStep(previous, step, repeats)) recorded = false;
      if (!step.invokeKey || !step.extractKey) {
        renderFailures++;
        continue;
      }
      const invokeCached = cache.has(step.invokeKey);
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
        : (why.invoke ?? exampleReason(previous, step, why.changedInput));
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
      const extractFailed =
        invokeCached && extractCached && !why.extract && lastError === 'extraction_failed';
      for (const metric of group.metrics) {
        const key = step.scoreKeys[metric.id];
        if (key === undefined) continue;
        const cached = cache.has(key);
        if (!cached && extractFailed) {
          record('score', key, 'skipped', '~', 'its extraction failed', `${target}/${metric.id}`, metric.id);
          continue;
        }
        const metricWhy = !extractCached
          ? downstream(extractWhy, 'because its extract runs')
          : (why.metrics.get(metric.id) ?? scoreReason(previous, metric.id, key, step));
        record('score', key, cached, metricWhy.symbol, metricWhy.reason, `${target}/${metric.id}`, metric.id);
      }
    }
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
  const changedAggregates = groupsChanged === 0 ? 0 : groupsChanged + tasksChanged.size + 1;
  const lockMissing = lock === undefined || lock.plan.digest !== compiled.resolved.planDigest;
  // A dataset edit no step key sees (an example's weight) still changes the lock's rows and aggregates.
  const datasetEdited = !lockMissing && lock !== undefined && !datasetsMatch(lock, compiled);
  if (changedAggregates > 0) {
    counts.aggregate.run = changedAggregates;
    rows.set('aggregate', {
      symbol: lock ? '~' : '+',
      kind: 'aggregate',
      target: benchmark,
      count: changedAggregates,
      unit: 'nodes',
      reason: lock ? 'because scores changed' : 'new',
    });
  } else if ((lockMissing || datasetEdited) && compiled.groups.length > 0) {
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
          ? 'because a dataset file changed (its sha256; e.g. example weights)'
          : 'because the plan changed',
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

const UP_TO_DATE_REASON = 'evalc.lock records it and is up to date: apply re-runs it only with --refresh';

/** Why an uncached score of a cached extraction runs: it failed last time, or it is simply missing. */
function scoreReason(
  previous: LockResult | undefined,
  metricId: string,
  key: string,
  step: ExampleSteps,
): Why {
  const { repeat } = step;
  const entry = previous?.metrics[metricId];
  if (entry?.errors && recordedScoreKey(entry, repeat) === key)
    return {
      symbol: '~',
      reason: `because the previous attempt failed${entry.error ? ` (${entry.error})` : ''}`,
    };
  // Same metric, same extraction (both checked before): a different key means the example's
  // data changed (expected, expected_sha256, a var the template does not use…), not the request.
  const recorded = entry ? recordedScoreKey(entry, repeat) : undefined;
  if (recorded !== undefined && recorded !== key && previous?.invoke[repeat] === step.invokeKey)
    return {
      symbol: '~',
      reason: 'because the example changed (expected or another field, not the request)',
    };
  return { symbol: '~', reason: 'not in cache' };
}

/** A step re-runs because its input step does: a new input stays "new". */
function downstream(upstream: Why | undefined, reason: string): Why {
  return upstream?.symbol === '+' ? upstream : { symbol: '~', reason };
}

interface Why {
  symbol: PlanSymbol;
  reason: string;
}

/**
 * What changed in the plan since `lock`, group by group, in the words `plan` uses
 * (`t1[a1]: input changed (template bindings.default.input)`): for a refusal under `--locked`.
 * At most `limit` lines; empty when no group's configuration changed (a description, say).
 */
export function planChanges(compiled: CompiledPlan, lock: Lockfile, limit = 8): string[] {
  const out: string[] = [];
  for (const cg of compiled.groups) {
    const why = groupReasons(cg, lock, compiled);
    const target = `${cg.group.taskId}/${cg.group.datasetId}[${cg.group.agentId}]`;
    const say = (w: Why | undefined, what = '') =>
      w && out.push(`${target}${what}: ${w.reason.replace(/^because /, '')}`);
    say(why.invoke);
    say(why.extract);
    for (const [metric, w] of why.metrics)
      if (w.reason !== 'because the metrics it derives from changed') say(w, `/${metric}`);
  }
  return out.length > limit
    ? [...out.slice(0, limit), `… and ${out.length - limit} more (evalc plan lists them)`]
    : out;
}

function groupReasons(
  compiledGroup: CompiledGroup,
  lock: Lockfile | undefined,
  compiled: CompiledPlan,
): {
  invoke?: Why;
  extract?: Why;
  metrics: Map<string, Why>;
  /** What a changed invoke key of one example means when it cannot be the example itself. */
  changedInput?: string;
} {
  const { group } = compiledGroup;
  const metrics = new Map<string, Why>();
  const previous = lock?.groups[group.id];
  if (!lock || !previous) {
    const reason = !lock
      ? 'new'
      : !lock.agents[group.agentId]
        ? 'new agent'
        : !Object.values(lock.groups).some((g) => g.task === group.taskId)
          ? 'new task'
          : 'new dataset';
    const why: Why = { symbol: '+', reason };
    for (const m of group.metrics) metrics.set(m.id, why);
    return { invoke: why, extract: why, metrics };
  }
  let invoke: Why | undefined;
  if (previous.agentDigest !== compiledGroup.agentDigest) {
    const lockedAgent = lock.agents[group.agentId];
    const pin = compiled.resolved.agentConfigDigests[group.agentId];
    const url = (compiled.resolved.plan.agents[group.agentId] as { url?: unknown } | undefined)?.url;
    const endpoint = typeof url === 'string' ? stripUserInfo(url) : undefined;
    const detail =
      lockedAgent && endpoint !== undefined && lockedAgent.endpoint !== endpoint
        ? `agent ${group.agentId}'s url changed (${lockedAgent.endpoint} → ${endpoint})`
        : lockedAgent && pin && lockedAgent.digest !== compiledGroup.agentDigest
          ? 'agent identity changed'
          : 'agent changed';
    invoke = { symbol: '~', reason: `because ${detail}` };
  } else if (previous.inputDigest !== group.templateDigest || previous.binding !== group.bindingName) {
    invoke = { symbol: '~', reason: `because input changed (template bindings.${group.bindingName}.input)` };
  }
  // run.trace is part of every invoke key (the raw reply is kept or not).
  const trace = compiled.resolved.plan.run.trace;
  if (!invoke && lock.run !== undefined && lock.run.trace !== trace) {
    invoke = { symbol: '~', reason: `because run.trace changed (${lock.run.trace} → ${trace})` };
  }
  // Same agent, template and dataset bytes, same trace setting: an invoke key can only differ
  // because the task's instructions changed (the lock keeps no copy of them to compare).
  const instructionsOnly =
    !invoke &&
    previous.datasetSha256 === group.dataset.sha256 &&
    lock.run?.trace === compiled.resolved.plan.run.trace;
  const extract: Why | undefined =
    previous.outputDigest !== group.outputDigest
      ? { symbol: '~', reason: `because extraction changed (bindings.${group.bindingName}.output)` }
      : undefined;
  // Derived metrics (pass_rate) read the other metrics' results: their key covers every metric
  // of the task, so they re-score when any metric changed, was added or was removed.
  const gating = (config: unknown) => {
    const c = (config ?? {}) as { threshold?: unknown; gate?: unknown };
    return `${String(c.threshold ?? null)}|${String(c.gate ?? null)}`;
  };
  const metricSetChanged =
    group.metrics.some((m) => previous.metrics[m.id]?.digest !== m.digest) ||
    // A threshold or gate is not in its metric's digest (the score does not depend on it), but the pass is.
    group.metrics.some((m) => gating(previous.metrics[m.id]?.config) !== gating(m.config)) ||
    Object.keys(previous.metrics).some((id) => !group.metrics.some((m) => m.id === id));
  for (const metric of group.metrics) {
    const old = previous.metrics[metric.id];
    if (old && old.digest === metric.digest) {
      if (metricSetChanged && metric.info?.stage === 'derived') {
        metrics.set(metric.id, { symbol: '~', reason: 'because the metrics it derives from changed' });
      }
      continue;
    }
    if (!old) metrics.set(metric.id, { symbol: '+', reason: 'new metric' });
    else {
      const changes = describeParamChanges(old.config, metric.config as Record<string, unknown>);
      // Same params, different digest: the judge or the metric's code version changed.
      const reason = changes
        ? `because metric params changed (${changes})`
        : old.version !== metric.version
          ? `because metric ${metric.type} changed version (${old.version} → ${metric.version})`
          : metric.judgeId
            ? `because judge ${metric.judgeId} changed`
            : metric.type === 'cost'
              ? 'because prices changed (prices:)'
              : 'because metric params changed';
      metrics.set(metric.id, { symbol: '~', reason });
    }
  }
  return {
    ...(invoke ? { invoke } : {}),
    ...(extract ? { extract } : {}),
    metrics,
    ...(instructionsOnly
      ? { changedInput: `because the task's instructions changed (tasks.${group.taskId}.instructions)` }
      : {}),
  };
}

function exampleReason(
  previous: LockResult | undefined,
  step: ExampleSteps,
  changedInput?: string,
): Why | undefined {
  if (!previous) return { symbol: '+', reason: 'new example' };
  // run.repeats grew: the lock has no invoke for this repeat yet.
  if (step.repeat >= previous.invoke.length)
    return { symbol: '+', reason: `new repeat (run.repeats was ${previous.invoke.length})` };
  const error = previous.errors?.[step.repeat];
  if (error) return { symbol: '~', reason: `because the previous attempt failed (${error})` };
  // The lock recorded this very invoke key: nothing changed, the cache just lacks it (a new or
  // pruned cache folder), so "the example changed" would be a wrong reason.
  if (previous.invoke[step.repeat] === step.invokeKey) return { symbol: '~', reason: 'not in cache' };
  return { symbol: '~', reason: changedInput ?? 'because the example changed' };
}

function indexLockResults(lock: Lockfile | undefined): Map<string, LockResult> {
  const index = new Map<string, LockResult>();
  for (const r of lock?.results ?? []) index.set(`${r.group}\u0000${r.example}`, r);
  return index;
}

export function describeParamChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: string[] = [];
  for (const k of keys) {
    const a = JSON.stringify(before[k]);
    const b = JSON.stringify(after[k]);
    if (a !== b) changes.push(`${k}: ${a ?? '(none)'} → ${b ?? '(none)'}`.replaceAll('"', ''));
  }
  return changes.join(', ');
}

const KIND_ORDER: Record<PlannedKind, number> = { invoke: 0, extract: 1, score: 2, aggregate: 3 };

/** Score rows with the same metric and reason across tasks/agents collapse into `bench/*\/metric`. */
function mergeScoreRows(rows: PlanRow[], benchmark: string): PlanRow[] {
  const merged = new Map<string, PlanRow>();
  for (const row of rows) {
    if (row.kind !== 'score') {
      merged.set(`${row.kind}|${row.symbol}|${row.target}|${row.reason}`, row);
      continue;
    }
    const metric = row.target.slice(row.target.lastIndexOf('/') + 1);
    const id = `score|${row.symbol}|${metric}|${row.reason}`;
    const existing = merged.get(id);
    if (existing) {
      existing.count += row.count;
      existing.target = `${benchmark}/*/${metric}`;
    } else merged.set(id, { ...row });
  }
  return [...merged.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.target < b.target ? -1 : a.target > b.target ? 1 : 0) ||
      (a.reason < b.reason ? -1 : 1),
  );
}
