/**
 * A finished run's figures: the aggregates (Example → Dataset → Task → Benchmark, DESIGN §4) and
 * the plan's gates, against the `--baseline` lock when one is given. evalc.lock records the plan's
 * run whatever baseline this command compared it with: its regression gates stay skipped there
 * (the comparison is in the reports and the exit code).
 */

import type { CompiledPlan } from '../compiler/compile.js';
import type { Lockfile } from '../lockfile/types.js';
import {
  type AggregateReport,
  aggregate,
  evaluateGates,
  flattenResults,
  type GateResult,
  type TaskInput,
} from '../metrics/index.js';
import type { Plan } from '../plan/schema.js';
import { baselineRows } from './baseline-rows.js';
import { readBaseline } from './locked-inputs.js';

export interface RunFigures {
  aggregate: AggregateReport;
  /** The gates as this command evaluated them (against the baseline, if any). */
  gates: GateResult[];
  /** The gates evalc.lock records (no baseline). */
  lockGates: GateResult[];
  baselineLock: Lockfile | undefined;
}

/** Each metric id of the plan's groups with its type (gates read a metric's direction by type). */
export function metricTypesOf(compiled: CompiledPlan): Record<string, string> {
  const types: Record<string, string> = {};
  for (const cg of compiled.groups) for (const m of cg.group.metrics) types[m.id] = m.type;
  return types;
}

export function aggregateAndGate(
  compiled: CompiledPlan,
  plan: Plan,
  tasks: TaskInput[],
  options: { baseline?: string | undefined; cwd: string; only?: string | undefined },
): RunFigures {
  const report = aggregate({
    benchmark: plan.benchmark.id,
    tasks,
    bootstrap: { seed: plan.run.seed, resamples: plan.run.bootstrap },
  });
  const baselineLock = options.baseline ? readBaseline(options.baseline, options.cwd) : undefined;
  const gateOptions = {
    significance: plan.run.significance,
    seed: plan.run.seed,
    resamples: plan.run.bootstrap,
    metricTypes: metricTypesOf(compiled),
    // A partial run cannot judge a gate on figures outside its selection: skipped.
    only: options.only,
  };
  // The example rows only feed gates: a plan without any skips flattening 2 × 100k of them.
  const gated = plan.gates.length > 0;
  const current = { aggregate: report, rows: gated ? flattenResults({ tasks }) : [] };
  const gates = evaluateGates(
    plan.gates,
    current,
    baselineLock && gated ? baselineRows(baselineLock) : undefined,
    gateOptions,
  );
  const lockGates = baselineLock ? evaluateGates(plan.gates, current, undefined, gateOptions) : gates;
  return { aggregate: report, gates, lockGates, baselineLock };
}
