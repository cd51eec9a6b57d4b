/**
 * `apply --baseline` on an up-to-date lockfile: nothing needs to run (CI with a cold cache would
 * otherwise ask every agent again, or `--frozen` refuse), so the regression gates are evaluated
 * from the lockfile's own per-example rows against the baseline's — the rows `evalc diff` pairs,
 * with the same paired tests — while the gates the lockfile recorded itself (min/max) are kept as
 * they are. The lockfile is not rewritten: it stays the record of the plan's run, whichever
 * baseline a CI job compares it with; the reports and the exit code carry the comparison.
 * `evalc report --baseline` judges them the same way (cli/report-regression-gates.ts, QA55).
 */
import type { Lockfile, LockGate } from '../lockfile/types.js';
import type { AgentAggregate, AggregateNode, AggregateReport, TaskAggregate } from '../metrics/aggregate.js';
import { evaluateGates } from '../metrics/index.js';
import type { Plan } from '../plan/schema.js';
import { baselineRows } from './baseline-rows.js';
import { lockGateOf } from './build-lock.js';

/**
 * The lockfile's gates with its (skipped) regression gates evaluated against `baseline`, or
 * undefined when they cannot be placed where the run recorded them (the caller then runs as
 * before). A regression gate on a volatile measure (tokens, latency without a budget) pairs
 * nothing with a baseline lockfile, which does not keep such values: skipped, as in a run.
 */
export function gatesAgainstBaseline(
  lock: Lockfile,
  baseline: Lockfile,
  plan: Plan,
  metricTypes: Record<string, string>,
): LockGate[] | undefined {
  const evaluated = evaluateGates(
    plan.gates,
    { aggregate: skeletonOf(lock), rows: baselineRows(lock) },
    baselineRows(baseline),
    {
      significance: plan.run.significance,
      seed: plan.run.seed,
      resamples: plan.run.bootstrap,
      metricTypes,
    },
  )
    .filter((g) => g.kind === 'regression')
    .map(lockGateOf);
  // Regression results come in the order, and the number, in which the run recorded them as
  // skipped (one per gate × agent × scope group): each takes its recorded place.
  if (evaluated.length !== lock.gates.filter((g) => g.kind === 'regression').length) return undefined;
  let next = 0;
  return lock.gates.map((g) => (g.kind === 'regression' ? evaluated[next++]! : g));
}

/** The agent → task → dataset structure of the lockfile's groups (what gates iterate), without figures. */
function skeletonOf(lock: Lockfile): AggregateReport {
  const node = (): AggregateNode => ({ examples: 0, invokeErrors: 0, metrics: {} });
  const agents: Record<string, AgentAggregate> = {};
  for (const group of Object.values(lock.groups)) {
    const agent = (agents[group.agent] ??= { ...node(), tasks: {} });
    const task: TaskAggregate = (agent.tasks[group.task] ??= { ...node(), datasets: {} });
    task.datasets[group.dataset] ??= node();
  }
  return {
    benchmark: lock.plan.benchmark.id,
    seed: lock.run.seed,
    resamples: lock.run.bootstrap,
    confidence: 0.95,
    agents,
  };
}
