/** Collects a finished run's examples into lockfile rows, aggregation input, the summary and volatile figures. */
import type { CompiledPlan } from '../compiler/compile.js';
import type { Lockfile, LockResult } from '../lockfile/types.js';
import {
  deriveRepeat,
  type ExampleInfo,
  type ExampleOutcome,
  getMetricDefinition,
  type RepeatResult,
  type ResolvedMetric,
  resolveMetric,
  rollupRepeats,
  type TaskInput,
} from '../metrics/index.js';
import { invokeFailureResult } from '../metrics/score-example.js';
import type { StepError } from '../protocols/types.js';
import type { RunSummary } from './apply-types.js';
import { lockResult } from './example-lock-row.js';
import type { GroupRuntime, runExample } from './run-example.js';

export function collect(
  compiled: CompiledPlan,
  runtimes: GroupRuntime[],
  results: Map<string, (Awaited<ReturnType<typeof runExample>> | undefined)[]>,
) {
  const lockResults: LockResult[] = [];
  const summary: RunSummary = { examples: 0, invoked: 0, errors: 0, errorKinds: {}, gatesFailed: 0 };
  const volatile: Lockfile['volatile'] = {};
  /** Judge-backed metrics that failed (never cached, so the next apply retries them). */
  let metricErrors = 0;
  /** Kinds of the invoke failures (a transient one makes the next apply retry it). */
  const invokeKinds = new Set<string>();
  /** Example runs whose failed invocation was not cached (retryable whatever its kind). */
  let transient = 0;
  const tasks = new Map<string, TaskInput>();
  const plan = compiled.resolved.plan;
  for (const rt of runtimes) {
    const { group } = rt.compiled;
    const runs = results.get(group.id) ?? [];
    // An agent whose discovery failed was sent nothing: its examples are no agent calls (QA34).
    const sent = rt.adapter.protocol !== 'undiscovered';
    const judged = new Set(rt.metrics.filter((m) => m.judgeId !== undefined).map((m) => m.lib.id));
    const outcomes: ExampleOutcome[] = [];
    const durations: number[] = [];
    /** Tokens the agent reported; undefined when no example reported any (not 0). */
    let tokens: number | undefined;
    for (const run of runs) {
      if (!run) continue;
      lockResults.push(run.lock);
      outcomes.push(run.outcome);
      durations.push(...run.durationsMs);
      if (run.tokens !== null) tokens = (tokens ?? 0) + run.tokens;
      summary.examples++;
      if (sent) summary.invoked += run.invoked;
      if (run.transient) transient++;
      for (const kind of run.lock.errors ?? []) {
        if (kind === null) continue;
        invokeKinds.add(kind);
        summary.errors++;
        summary.errorKinds[kind] = (summary.errorKinds[kind] ?? 0) + 1;
      }
      // A metric's own failure counts too, once per failed repeat as an invoke's does (QA70: once
      // per example); a judge's is retried by the next apply (run-example.ts).
      for (const id in run.lock.metrics) {
        const { error: kind, errors: failed } = run.lock.metrics[id]!;
        if (kind === undefined) continue;
        if (judged.has(id)) metricErrors++;
        const count = failed ?? 1;
        summary.errors += count;
        summary.errorKinds[kind] = (summary.errorKinds[kind] ?? 0) + count;
      }
    }
    volatile[group.id] = { ...durationStats(durations), ...(tokens === undefined ? {} : { tokens }) };
    const task = tasks.get(group.taskId) ?? {
      id: group.taskId,
      weight: plan.tasks[group.taskId]!.weight,
      metrics: rt.metrics.map((m) => m.lib),
      datasets: [],
    };
    tasks.set(group.taskId, task);
    let dataset = task.datasets.find((d) => d.id === group.datasetId);
    if (!dataset) {
      dataset = { id: group.datasetId, weight: group.dataset.weight, agents: {} };
      task.datasets.push(dataset);
    }
    dataset.agents[group.agentId] = outcomes;
  }
  lockResults.sort((a, b) => (a.group === b.group ? 0 : a.group < b.group ? -1 : 1));
  return {
    lockResults,
    taskInputs: [...tasks.values()],
    summary,
    volatile,
    retry: { invokeKinds: [...invokeKinds].sort(), metricErrors, transient },
  };
}

export function durationStats(durations: number[]): { durationMsMean?: number; durationMsP50?: number } {
  if (durations.length === 0) return {};
  // A typed array sorts numbers natively (no comparator call per comparison: 10k durations).
  const sorted = Float64Array.from(durations).sort();
  const mean = sorted.reduce((s, d) => s + d, 0) / sorted.length;
  return { durationMsMean: Math.round(mean), durationMsP50: sorted[Math.floor((sorted.length - 1) / 2)]! };
}

/**
 * The examples of an agent whose preflight failed were never sent: each is recorded as
 * `preflight_failed`, scored as a failed invoke of every repeat (QA70: each metric was a metric
 * error of score 0 — counted in the aggregates' `errors` and kept in their means —, an efficiency
 * metric scored 0 where a failed invoke measures nothing, and set metrics got a row entry).
 */
export function markPreflightFailed(
  compiled: CompiledPlan,
  results: Map<string, (Awaited<ReturnType<typeof runExample>> | undefined)[]>,
  agentId: string,
): void {
  const error: StepError = { kind: 'preflight_failed', message: 'not sent: the agent failed its preflight' };
  for (const cg of compiled.groups) {
    if (cg.group.agentId !== agentId) continue;
    const runs = results.get(cg.group.id)!;
    const repeats = cg.keys.repeats;
    const metrics = cg.group.metrics.map((m) => {
      const lib = resolveMetric({ ...m.config, id: m.id });
      if (!lib.ok) throw new Error(`metric ${m.id} passed validation but does not resolve`);
      return lib.metric;
    });
    cg.group.dataset.examples.forEach((example, index) => {
      if (runs[index]) return;
      const failedRepeats = Array.from({ length: repeats }, (_, repeat) =>
        unsentRepeat(metrics, repeat, error, example as unknown as ExampleInfo),
      );
      const outcome = rollupRepeats({
        example: {
          id: example.id,
          weight: example.weight,
          ...(example.human_score === undefined ? {} : { human_score: example.human_score }),
        },
        metrics,
        repeats: failedRepeats,
      });
      for (const id in outcome.metrics) {
        const { details: _details, ...figures } = outcome.metrics[id]!;
        outcome.metrics[id] = figures;
      }
      const invoke = Array(repeats).fill(null);
      const errors = Array(repeats).fill(error.kind);
      runs[index] = {
        outcome,
        lock: lockResult(cg, example, [], outcome, failedRepeats, invoke, errors),
        digestLine: '',
        durationsMs: [],
        tokens: null,
        invoked: 0,
        transient: true, // never sent: the next apply runs it
      };
    });
  }
}

/** A repeat never sent, scored as a failed invoke's (score-example.ts). */
function unsentRepeat(
  metrics: ResolvedMetric[],
  repeat: number,
  error: StepError,
  example: ExampleInfo,
): RepeatResult {
  const results: RepeatResult['results'] = {};
  for (const m of metrics) {
    const definition = getMetricDefinition(m.type);
    if (definition?.stage === 'example') results[m.id] = invokeFailureResult(definition, error, m, example);
  }
  const derived = deriveRepeat(metrics, results, { error });
  return { repeat, candidates: {}, results: derived.results, pass: derived.pass, error };
}
