/**
 * Gates (plan `gates:`), evaluated after aggregation.
 *
 * Threshold gates (`min` / `max`) compare the aggregate at a scope — the benchmark, each task
 * (or `task:`), each dataset (or `dataset:`), or every example — for each agent (or `agent:`).
 * The compared figure is the score mean, or the value mean for measurement-only metrics
 * (steps, tokens, cost…). At example scope, `actual` is the worst example.
 *
 * Regression gates compare the current per-example results with the baseline lock's, paired by
 * (agent, task, dataset, example), pooled over the scope with hierarchical weights
 * (example-rows.ts). Pass/fail metrics (every paired score 0 or 1) use the exact McNemar test;
 * continuous ones the paired sign-flip test (exact when the resamples cover every sign pattern of
 * the changed pairs, 2ⁿ ≤ B, else Monte Carlo: stats/paired-bootstrap.ts); both report the
 * paired-bootstrap 95% CI of the change. A gate fails when the drop exceeds `max_drop` AND p < significance
 * (gate `significance`, else the run's). "Drop" follows the metric's direction: a score (or a
 * higher-is-better value) going down, a lower-is-better value going up. Without a baseline the
 * gate is skipped (passed, `skipped: true`).
 */
import type { AggregateNode, AggregateReport, MetricAggregate } from './aggregate.js';
import { toFixedDecimal } from './decimal-round.js';
import { type ExampleScoreRow, hierarchicalWeights } from './example-rows.js';
import { getMetricDefinition } from './registry.js';
import { weightedMean } from './stats/descriptive.js';
import { countDiscordant, mcnemarExact } from './stats/mcnemar.js';
import { pairedBootstrap } from './stats/paired-bootstrap.js';
import { deriveSeed } from './stats/prng.js';

/** A plan gate (`GateConfig` of plan/schema.ts is assignable to it). */
export interface GateSpec {
  metric: string;
  scope?: 'benchmark' | 'task' | 'dataset' | 'example' | undefined;
  task?: string | undefined;
  dataset?: string | undefined;
  agent?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  regression?: { max_drop?: number | undefined; significance?: number | undefined } | undefined;
}

export interface RegressionTest {
  /** The test behind p: exact McNemar (pass/fail pairs) or the paired sign-flip test (exact or Monte Carlo). */
  method: 'mcnemar' | 'sign_flip';
  field: 'score' | 'value';
  baseline: number;
  current: number;
  /** current − baseline (weighted mean of paired differences). */
  meanDiff: number;
  /** Paired-bootstrap CI of current − baseline. */
  ci: [number, number];
  pValue: number;
  n: number;
  /** McNemar discordant counts. */
  discordant?: { b: number; c: number };
}

export interface GateResult {
  gate: GateSpec;
  kind: 'min' | 'max' | 'regression';
  agent: string;
  /** 'benchmark', 'task:ID', 'dataset:TASK/ID' or 'example:TASK/DATASET/ID'. */
  target: string;
  passed: boolean;
  skipped?: boolean;
  actual: number | null;
  message: string;
  test?: RegressionTest;
}

export interface GateOptions {
  /** Run default (plan run.significance). */
  significance: number;
  seed: number;
  resamples: number;
  /** Metric id → metric type, to find a metric's direction (default: the id is the type). */
  metricTypes?: Record<string, string>;
  /**
   * The `--only task[/dataset]` selection of a partial run. A gate whose scope reaches outside
   * it (the benchmark, another task, a whole task of which one dataset ran) is skipped: the
   * aggregates of a partial run are not the plan's (`pass_rate = 0.400 at benchmark` was the
   * selected dataset's figure, and failed the run).
   */
  only?: string | undefined;
}

interface Group {
  target: string;
  /** The aggregate node of the target; undefined for example scope. */
  node: AggregateNode | undefined;
  perExample: boolean;
  rows: (r: ExampleScoreRow) => boolean;
}

function fmt(x: number | null | undefined): string {
  if (x === null || x === undefined) return 'n/a';
  // Small measurements (USD per example) keep three significant digits instead of printing 0.000.
  const s =
    Math.abs(x) >= 1000
      ? x.toFixed(0)
      : Math.abs(x) >= 1e-9 && Math.abs(x) < 0.001
        ? String(Number(x.toPrecision(3)))
        : // As the lock stores it (12 significant digits), rounded half away from zero like the
          // reports: 39/80 printed 0.487 here beside 0.488 in the report's column (QA20).
          toFixedDecimal(Number(x.toPrecision(12)), 3);
  // A float-noise difference (−1e-17) prints as 0, not "-0.000".
  return Number(s) === 0 ? s.replace('-', '') : s;
}

function fmtP(p: number): string {
  return p < 0.0001 ? p.toExponential(2) : p.toFixed(4);
}

/** Whether a gate's scope lies inside the `--only` selection (always, without one). */
function insideSelection(gate: GateSpec, only: string | undefined): boolean {
  if (only === undefined) return true;
  const slash = only.indexOf('/');
  const task = slash < 0 ? only : only.slice(0, slash);
  const dataset = slash < 0 ? undefined : only.slice(slash + 1);
  const scope = gate.scope ?? 'benchmark';
  if (scope === 'benchmark') return false;
  if (gate.task !== undefined && gate.task !== task) return false;
  if (dataset === undefined) return scope !== 'example' || gate.task !== undefined;
  if (scope === 'task') return false;
  if (gate.dataset !== undefined) return gate.dataset === dataset;
  // every dataset of the selected task(s) at dataset scope is the one that ran, whole
  return scope === 'dataset';
}

function skippedResult(gate: GateSpec, agent: string, target: string, message: string): GateResult {
  const kind = gate.regression ? 'regression' : gate.min !== undefined ? 'min' : 'max';
  return { gate, kind, agent, target, passed: true, skipped: true, actual: null, message };
}

function headline(agg: MetricAggregate | undefined): number | null {
  return agg?.score?.mean ?? agg?.value?.mean ?? null;
}

function groupsFor(gate: GateSpec, agent: string, report: AggregateReport): Group[] {
  const a = report.agents[agent];
  if (!a) return [];
  const inScope = (r: ExampleScoreRow) =>
    r.agent === agent &&
    r.metric === gate.metric &&
    (gate.task === undefined || r.task === gate.task) &&
    (gate.dataset === undefined || r.dataset === gate.dataset);
  const scope = gate.scope ?? 'benchmark';
  const tasks = Object.keys(a.tasks)
    .sort()
    .filter((t) => gate.task === undefined || t === gate.task);
  if (scope === 'task') {
    return tasks.map((t) => ({
      target: `task:${t}`,
      node: a.tasks[t],
      perExample: false,
      rows: (r: ExampleScoreRow) => inScope(r) && r.task === t,
    }));
  }
  if (scope === 'dataset') {
    return tasks.flatMap((t) =>
      Object.keys(a.tasks[t]?.datasets ?? {})
        .sort()
        .filter((d) => gate.dataset === undefined || d === gate.dataset)
        .map((d) => ({
          target: `dataset:${t}/${d}`,
          node: a.tasks[t]?.datasets[d],
          perExample: false,
          rows: (r: ExampleScoreRow) => inScope(r) && r.task === t && r.dataset === d,
        })),
    );
  }
  if (scope === 'example') return [{ target: 'example', node: undefined, perExample: true, rows: inScope }];
  return [{ target: 'benchmark', node: a, perExample: false, rows: inScope }];
}

function thresholdResults(
  gate: GateSpec,
  agent: string,
  group: Group,
  rows: ExampleScoreRow[],
): GateResult[] {
  const out: GateResult[] = [];
  const checks: ['min' | 'max', number][] = [];
  if (gate.min !== undefined) checks.push(['min', gate.min]);
  if (gate.max !== undefined) checks.push(['max', gate.max]);
  // The agent does not run this metric here at all (another task's metric): nothing to gate.
  const measured = group.perExample ? rows.length > 0 : group.node?.metrics[gate.metric] !== undefined;
  const skip = (kind: 'min' | 'max', message: string): GateResult => ({
    gate,
    kind,
    agent,
    target: group.target,
    passed: true,
    skipped: true,
    actual: null,
    message,
  });
  for (const [kind, bound] of checks) {
    if (!measured) {
      out.push(skip(kind, `${gate.metric} is not measured at ${group.target} for ${agent}; gate skipped`));
      continue;
    }
    let actual: number | null;
    let where = group.target;
    if (!group.perExample) {
      actual = headline(group.node?.metrics[gate.metric]);
    } else {
      const figures = rows
        .map((r) => ({ r, x: r.score ?? r.value ?? null }))
        .filter((x): x is { r: ExampleScoreRow; x: number } => x.x !== null);
      const worst = figures.reduce<{ r: ExampleScoreRow; x: number } | null>(
        (w, f) => (!w || (kind === 'min' ? f.x < w.x : f.x > w.x) ? f : w),
        null,
      );
      actual = worst?.x ?? null;
      if (worst) where = `example:${worst.r.task}/${worst.r.dataset}/${worst.r.example}`;
    }
    // Nothing measured and nothing failed (tokens of an agent that reports no usage): the gate
    // cannot be evaluated; errors (a judge that kept failing, cost without a price) still fail
    // it, and so do results that weigh nothing (every weight 0: no figure, but not unmeasured).
    const unmeasured =
      rows.length > 0 &&
      rows.every((r) => r.score === null && r.value === undefined) &&
      (group.node?.metrics[gate.metric]?.errors ?? 0) === 0;
    if (actual === null && !group.perExample && unmeasured) {
      out.push(
        skip(
          kind,
          `${gate.metric} has no measurement at ${group.target} for ${agent} (none reported, none failed); gate skipped`,
        ),
      );
      continue;
    }
    const passed = actual !== null && (kind === 'min' ? actual >= bound : actual <= bound);
    const op = kind === 'min' ? '≥' : '≤';
    const message =
      actual === null
        ? `${gate.metric} has no results at ${group.target} for ${agent}`
        : `${gate.metric} = ${fmt(actual)} at ${where} for ${agent}; required ${op} ${bound}`;
    out.push({ gate, kind, agent, target: where, passed, actual, message });
  }
  return out;
}

/** A gate target as `evalc diff` names the scope: 'benchmark', 'task/T', 'dataset/T/D'. */
function diffScope(target: string): string {
  if (target.startsWith('task:')) return `task/${target.slice(5)}`;
  if (target.startsWith('dataset:')) return `dataset/${target.slice(8)}`;
  return target;
}

function valueHigherIsBetter(metric: string, options: GateOptions): boolean {
  const type = options.metricTypes?.[metric] ?? metric;
  return getMetricDefinition(type)?.higherIsBetter ?? true;
}

function regressionResult(
  gate: GateSpec,
  agent: string,
  group: Group,
  current: ExampleScoreRow[],
  baseline: ExampleScoreRow[] | undefined,
  options: GateOptions,
): GateResult {
  const reg = gate.regression ?? {};
  const maxDrop = reg.max_drop ?? 0;
  const alpha = reg.significance ?? options.significance;
  const base = { gate, kind: 'regression' as const, agent, target: group.target };
  if (!baseline) {
    return {
      ...base,
      passed: true,
      skipped: true,
      actual: null,
      message: `${gate.metric}: no baseline, regression check skipped`,
    };
  }
  const key = (r: ExampleScoreRow) => `${r.task}\u0000${r.dataset}\u0000${r.example}`;
  const baseByKey = new Map(baseline.filter(group.rows).map((r) => [key(r), r]));
  const pairsScore: [ExampleScoreRow, ExampleScoreRow][] = [];
  const pairsValue: [ExampleScoreRow, ExampleScoreRow][] = [];
  for (const r of current) {
    const b = baseByKey.get(key(r));
    if (!b) continue;
    if (r.score !== null && b.score !== null) pairsScore.push([b, r]);
    if (r.value !== undefined && b.value !== undefined) pairsValue.push([b, r]);
  }
  const field = pairsScore.length > 0 ? 'score' : 'value';
  const pairs = field === 'score' ? pairsScore : pairsValue;
  if (pairs.length === 0) {
    return {
      ...base,
      passed: true,
      skipped: true,
      actual: null,
      message: `${gate.metric}: no paired examples with the baseline at ${group.target} for ${agent}`,
    };
  }
  // `evalc diff` tests the same pairs in the same order with the same seed, so one comparison
  // has one p-value and CI in report.md's gates and in its "Changes vs baseline" table (they
  // were two bootstrap estimates: p = 0.2907 in the gate, 0.323 in the table).
  const order = (r: ExampleScoreRow) => `${r.task}\u0000${r.dataset}\u0000${r.example}`;
  pairs.sort(([, x], [, y]) => {
    const a = order(x);
    const b = order(y);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const pick = (r: ExampleScoreRow) => (field === 'score' ? (r.score ?? 0) : (r.value ?? 0));
  const b = pairs.map(([x]) => pick(x));
  const c = pairs.map(([, y]) => pick(y));
  const weights = hierarchicalWeights(pairs.map(([, y]) => y));
  const seed = deriveSeed(options.seed, `${diffScope(group.target)}\u0000${agent}\u0000${gate.metric}`);
  const boot = pairedBootstrap(b, c, weights, { seed, resamples: options.resamples });
  const baseMean = weightedMean(b, weights) ?? 0;
  const curMean = weightedMean(c, weights) ?? 0;
  const higherBetter = field === 'score' || valueHigherIsBetter(gate.metric, options);
  const meanDiff = boot?.meanDiff ?? curMean - baseMean;
  const drop = higherBetter ? -meanDiff : meanDiff;
  const binary = field === 'score' && [...b, ...c].every((x) => x === 0 || x === 1);
  let pValue = boot?.pValue ?? 1;
  let discordant: { b: number; c: number } | undefined;
  if (binary) {
    discordant = countDiscordant(
      b.map((x) => x === 1),
      c.map((x) => x === 1),
    );
    pValue = mcnemarExact(discordant.b, discordant.c).pValue;
  }
  const method = binary ? 'mcnemar' : 'sign_flip';
  const ci: [number, number] = boot?.ci ?? [meanDiff, meanDiff];
  const significant = pValue < alpha;
  const passed = !(drop > maxDrop && significant);
  const verdict = passed ? (drop > maxDrop ? 'not significant' : `drop ≤ max_drop ${maxDrop}`) : 'REGRESSION';
  const what = field === 'score' ? gate.metric : `${gate.metric} (value)`;
  const message =
    `${what} at ${group.target} for ${agent}: ${fmt(baseMean)} → ${fmt(curMean)} (drop ${fmt(drop)}, max_drop ${maxDrop}); ` +
    `95% CI of the change [${fmt(ci[0])}, ${fmt(ci[1])}], p = ${fmtP(pValue)} (${method === 'mcnemar' ? `exact McNemar, b=${discordant?.b} c=${discordant?.c}` : `paired bootstrap CI, ${boot?.exact ? 'exact ' : ''}sign-flip p`}, n = ${pairs.length}, α = ${alpha}): ${verdict}`;
  const test: RegressionTest = {
    method,
    field,
    baseline: baseMean,
    current: curMean,
    meanDiff,
    ci,
    pValue,
    n: pairs.length,
  };
  if (discordant) test.discordant = discordant;
  return { ...base, passed, actual: curMean, message, test };
}

export function evaluateGates(
  gates: readonly GateSpec[],
  current: { aggregate: AggregateReport; rows: readonly ExampleScoreRow[] },
  baseline: readonly ExampleScoreRow[] | undefined,
  options: GateOptions,
): GateResult[] {
  const results: GateResult[] = [];
  const agents = Object.keys(current.aggregate.agents).sort();
  gates.forEach((gate) => {
    const targets = gate.agent === undefined ? agents : [gate.agent];
    for (const agent of targets) {
      if (!insideSelection(gate, options.only)) {
        const target = gate.scope ?? 'benchmark';
        results.push(
          skippedResult(
            gate,
            agent,
            target,
            `${gate.metric}: ${target} scope is outside the --only ${options.only} selection; gate skipped`,
          ),
        );
        continue;
      }
      const groups = groupsFor(gate, agent, current.aggregate);
      // Every group's row filter requires this agent and metric: narrow the rows once per gate
      // and agent, not once per group (same rows, same order).
      const mine = (r: ExampleScoreRow) => r.agent === agent && r.metric === gate.metric;
      const currentRows = groups.length > 0 ? current.rows.filter(mine) : [];
      const baselineRows = groups.length > 0 && gate.regression ? baseline?.filter(mine) : undefined;
      if (groups.length === 0) {
        // The agent does not run the gate's task or dataset (a task's `agents:` leaves it out):
        // not measured there, like a task-scoped gate on another task's metric — skipped, not failed.
        results.push(
          skippedResult(
            gate,
            agent,
            gate.scope ?? 'benchmark',
            `${gate.metric}: ${agent} has no results at the gate's scope; gate skipped`,
          ),
        );
        continue;
      }
      for (const group of groups) {
        const rows = currentRows.filter(group.rows);
        results.push(...thresholdResults(gate, agent, group, rows));
        if (gate.regression) {
          const regGroup = group.target === 'example' ? { ...group, target: 'benchmark' } : group;
          results.push(regressionResult(gate, agent, regGroup, rows, baselineRows, options));
        }
      }
    }
  });
  return results;
}
