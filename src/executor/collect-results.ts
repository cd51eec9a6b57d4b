/** Collects a finished run's examples into lockfile rows, aggregation input, the summary and volatile figures. */
import type { CompiledPlan } from '../compiler/compile.js';
import { sortKeys } from '../lockfile/serialize.js';
import type { Lockfile, LockResult } from '../lockfile/types.js';
import type { ExampleOutcome, TaskInput } from '../metrics/index.js';
import type { RunSummary } from './apply-types.js';
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

/** The examples of an agent whose preflight failed were never sent: each is recorded as `preflight_failed`. */
export function markPreflightFailed(
  compiled: CompiledPlan,
  results: Map<string, (Awaited<ReturnType<typeof runExample>> | undefined)[]>,
  agentId: string,
): void {
  for (const cg of compiled.groups) {
    if (cg.group.agentId !== agentId) continue;
    const runs = results.get(cg.group.id)!;
    const repeats = cg.keys.repeats;
    cg.group.dataset.examples.forEach((example, index) => {
      if (runs[index]) return;
      const failed = () =>
        Object.fromEntries(cg.group.metrics.map((m) => [m.id, { score: 0, pass: false, errors: 1 }]));
      runs[index] = {
        outcome: {
          example: example.id,
          weight: example.weight,
          invokeErrors: repeats,
          repeats,
          metrics: failed(),
        },
        lock: sortKeys({
          group: cg.group.id,
          example: example.id,
          weight: example.weight,
          invoke: Array(repeats).fill(null),
          errors: Array(repeats).fill('preflight_failed'),
          pass: false,
          metrics: failed(),
        }) as LockResult,
        digestLine: '',
        durationsMs: [],
        tokens: null,
        invoked: 0,
        transient: true, // never sent: the next apply runs it
      };
    });
  }
}
