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
import { asRecorded } from './decimal-round.js';
import type { ExampleScoreRow } from './example-rows.js';
import { fmt } from './gate-figures.js';
import { regressionResult } from './gate-regression.js';
import { getMetricDefinition } from './registry.js';

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

export interface Group {
  target: string;
  /** The aggregate node of the target; undefined for example scope. */
  node: AggregateNode | undefined;
  perExample: boolean;
  rows: (r: ExampleScoreRow) => boolean;
  /** The task every row of the group has (task and dataset scopes): rows are looked up by task. */
  task?: string;
}

/** Whether a gate's scope lies inside the `--only` selection (always, without one). */
export function insideSelection(gate: GateSpec, only: string | undefined): boolean {
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

/** The message of a regression gate on a metric the baseline lock has no result of. */
export const NOT_IN_BASELINE =
  ': the baseline has no results of this metric (added, or renamed since the baseline run), regression check skipped';

const metricsOf = new WeakMap<readonly ExampleScoreRow[], Set<string>>();
function baselineMetrics(rows: readonly ExampleScoreRow[]): Set<string> {
  let found = metricsOf.get(rows);
  if (!found) {
    found = new Set(rows.map((r) => r.metric));
    metricsOf.set(rows, found);
  }
  return found;
}

const notMeasured = (metric: string, target: string, agent: string): string =>
  `${metric} is not measured at ${target} for ${agent}; gate skipped`;

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
      task: t,
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
          task: t,
        })),
    );
  }
  if (scope === 'example') return [{ target: 'example', node: undefined, perExample: true, rows: inScope }];
  return [{ target: 'benchmark', node: a, perExample: false, rows: inScope }];
}

/**
 * A gate at the benchmark scope (the default) that names a task or a dataset is judged there: the
 * `task:` was ignored, a min gate failing on the benchmark's mean (QA38).
 */
export function narrowestScope(gate: GateSpec): GateSpec {
  if ((gate.scope ?? 'benchmark') !== 'benchmark') return gate;
  if (gate.dataset !== undefined) return { ...gate, scope: 'dataset' };
  if (gate.task !== undefined) return { ...gate, scope: 'task' };
  return gate;
}

/** What a regression gate at example scope pools and names: the task or dataset it names (QA38). */
export function pooledTarget(gate: GateSpec): string {
  if (gate.task === undefined) return 'benchmark';
  return gate.dataset === undefined ? `task:${gate.task}` : `dataset:${gate.task}/${gate.dataset}`;
}

function noFigure(r: ExampleScoreRow): boolean {
  return r.score === null && r.value === undefined;
}

/** An efficiency metric (tokens, cost, steps…): a row without a figure is unmeasured, not an error. */
function isMeasurement(metric: string, options: GateOptions): boolean {
  return getMetricDefinition(options.metricTypes?.[metric] ?? metric)?.family === 'efficiency';
}

function thresholdResults(
  gate: GateSpec,
  agent: string,
  group: Group,
  rows: ExampleScoreRow[],
  measurement: boolean,
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
      out.push(skip(kind, notMeasured(gate.metric, group.target, agent)));
      continue;
    }
    let actual: number | null;
    let where = group.target;
    let erroredExample = false;
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
      // An example whose metric errored (no score, no value) has not met the bound: "every
      // example ≥ 1" passed over the examples it could not score, while the same metric's
      // dataset gate failed with "no results" (QA37). Unmeasured efficiency rows stay skipped, and
      // so does a row with no figure and no error: judge_stability of one judged repeat
      // (run.repeats: 1) failed "every example ≥ 0.5" as "has no results" (QA129).
      // Beside examples with a figure, one whose every repeat failed before scoring errored too
      // (judge_stability has no 0 for it), as e0eaed8 failed the gate on it (QA132); so it does
      // with repeats, where its judged repeats would have had one, when no other example has a
      // figure either (one judged repeat each: the gate was skipped, exit 0; QA135).
      const failedBeside = (r: ExampleScoreRow) =>
        r.unscored !== undefined && (figures.length > 0 || r.unscored > 1);
      const errored = measurement
        ? undefined
        : rows.find((r) => noFigure(r) && ((r.errors ?? 0) > 0 || failedBeside(r)));
      if (errored) {
        erroredExample = true;
        actual = null;
        where = `example:${errored.task}/${errored.dataset}/${errored.example}`;
      }
    }
    // Nothing measured and nothing failed (tokens of an agent that reports no usage): the gate
    // cannot be evaluated; errors (a judge that kept failing, cost without a price) still fail
    // it, and so do results that weigh nothing (every weight 0: no figure, but not unmeasured).
    const unmeasured =
      rows.length > 0 &&
      rows.every((r) => noFigure(r) && (r.errors ?? 0) === 0) &&
      (group.node?.metrics[gate.metric]?.errors ?? 0) === 0;
    if (actual === null && unmeasured && !erroredExample) {
      out.push(
        skip(
          kind,
          `${gate.metric} has no measurement at ${group.target} for ${agent} (${unmeasuredWhy(rows)}); gate skipped`,
        ),
      );
      continue;
    }
    // The figure the lock records, not the float noise under it (decimal-round.ts).
    const figure = actual === null ? null : asRecorded(actual);
    const passed = figure !== null && (kind === 'min' ? figure >= bound : figure <= bound);
    const op = kind === 'min' ? '≥' : '≤';
    const message =
      actual === null
        ? `${gate.metric} has no results at ${where} for ${agent}${group.perExample ? '' : noFigureReason(rows)}`
        : `${gate.metric} = ${fmt(actual)} at ${where} for ${agent}; required ${op} ${bound}`;
    out.push({ gate, kind, agent, target: where, passed, actual, message });
  }
  return out;
}

/**
 * Why nothing was measured: no example reported one, or the agent's call failed on some or all of
 * them (QA150: an agent that failed every call read "none reported, none failed").
 */
function unmeasuredWhy(rows: readonly ExampleScoreRow[]): string {
  const failed = rows.filter((r) => r.unscored !== undefined).length;
  const examples = (n: number) => (n === 1 ? '1 example' : `${n} examples`);
  // With run.repeats, a call that failed on some repeats of an example (QA153: read "none failed").
  const some = rows.filter((r) => r.failedRepeats !== undefined).length;
  const also =
    some === 0
      ? ''
      : `${failed === 0 ? "; the agent's calls failed" : ', and'} on some repeats of ${examples(some)}`;
  if (failed === 0) return some === 0 ? 'none reported, none failed' : `none reported${also}`;
  if (failed === rows.length)
    return `the agent's calls failed on ${rows.length === 1 ? 'its 1 example' : `all ${examples(failed)}`}, so nothing was measured`;
  return `none reported on ${examples(rows.length - failed)}; the agent's calls failed on ${examples(failed)}${also}`;
}

/**
 * Why a scope has no figure for a gate: results that all weigh 0 (a task of weight 0 — the gate
 * still fails, as before), or results that all errored. "has no results" alone read as if the
 * metric had never run (QA46).
 */
/** Rows by task, each task's in their order. */
function byTask(rows: readonly ExampleScoreRow[]): Map<string, ExampleScoreRow[]> {
  const index = new Map<string, ExampleScoreRow[]>();
  for (const r of rows) {
    const list = index.get(r.task);
    if (list) list.push(r);
    else index.set(r.task, [r]);
  }
  return index;
}

function noFigureReason(rows: readonly ExampleScoreRow[]): string {
  const scored = rows.filter((r) => r.score !== null || r.value !== undefined).length;
  if (scored === 1) return ': its 1 result weighs 0 (example, dataset or task weight), so there is no mean';
  if (scored > 1)
    return `: its ${scored} results all weigh 0 (example, dataset or task weights), so there is no mean`;
  return rows.length > 0 ? ': every result errored' : '';
}

export function evaluateGates(
  gates: readonly GateSpec[],
  current: { aggregate: AggregateReport; rows: readonly ExampleScoreRow[] },
  baseline: readonly ExampleScoreRow[] | undefined,
  options: GateOptions,
): GateResult[] {
  const results: GateResult[] = [];
  const agents = Object.keys(current.aggregate.agents).sort();
  gates.forEach((spec) => {
    const gate = narrowestScope(spec);
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
      // A group per task (or dataset) filtered all the agent's rows: tasks × rows (QA85). Its
      // rows are those of its task, in the same order: filter the task's rows only.
      const perTask = groups.some((g) => g.task !== undefined);
      const currentByTask = perTask ? byTask(currentRows) : new Map<string, ExampleScoreRow[]>();
      const baselineByTask = perTask && baselineRows ? byTask(baselineRows) : undefined;
      for (const group of groups) {
        const inTask = (index: Map<string, ExampleScoreRow[]>, all: ExampleScoreRow[]) =>
          group.task === undefined ? all : (index.get(group.task) ?? []);
        const rows = inTask(currentByTask, currentRows).filter(group.rows);
        results.push(...thresholdResults(gate, agent, group, rows, isMeasurement(gate.metric, options)));
        if (gate.regression) {
          const regGroup = group.target === 'example' ? { ...group, target: pooledTarget(gate) } : group;
          const base = baselineRows && baselineByTask ? inTask(baselineByTask, baselineRows) : baselineRows;
          // A metric the baseline never scored (added, or renamed in this run) pairs nothing: said
          // as such, not as "no paired examples" of a run sharing every example (QA115).
          // An agent that does not run the metric (another task's) is said so, as a min gate is
          // (QA256: it read "no paired examples with the baseline", an agent the baseline holds).
          const measured = rows.length > 0 || group.node?.metrics[gate.metric] !== undefined;
          results.push(
            !measured
              ? skippedResult(gate, agent, regGroup.target, notMeasured(gate.metric, regGroup.target, agent))
              : baseline && !baselineMetrics(baseline).has(gate.metric)
                ? skippedResult(gate, agent, regGroup.target, `${gate.metric}${NOT_IN_BASELINE}`)
                : regressionResult(gate, agent, regGroup, rows, base, options),
          );
        }
      }
    }
  });
  return results;
}
