/**
 * The one view every renderer reads: the lockfile's results and aggregates reshaped (sorted,
 * joined with trajectories and judge rationales), plus the diff against the baseline. Shaping
 * only: every figure comes from the lockfile or from `diffLocks`.
 */

import { nonDecidingMetricIds } from '../lockfile/deciding-metrics.js';
import type { LockDiff } from '../lockfile/diff.js';
import { failedJudges } from '../lockfile/failed-judges.js';
import type { LockAgent, LockDataset, Lockfile, LockGate, LockJudge } from '../lockfile/types.js';
import { byText } from './format.js';
import { metricUnits } from './metric-units.js';
import { exampleViews } from './report-examples.js';
import { fullReportPath, type InvokeRecord, type ReportInput } from './types.js';

export type ExampleStatus = 'pass' | 'fail' | 'error' | 'unknown';

export interface MetricView {
  id: string;
  score: number | null;
  value?: number;
  pass?: boolean;
  errors?: number;
  keys: string[];
  rationale?: string;
  /** A failed metric's score details (from the cache), e.g. exact_match's missing and extra items. */
  details?: unknown;
  /** The metric's own failure kind (e.g. `judge_error`). */
  error?: string;
}

export interface RepeatView {
  repeat: number;
  invokeKey: string | null;
  errorKind: string | null;
  record?: InvokeRecord;
}

export interface ExampleView {
  /** `group/example`, unique in a run. */
  id: string;
  group: string;
  agent: string;
  task: string;
  dataset: string;
  example: string;
  weight: number;
  status: ExampleStatus;
  pass: boolean | null;
  metrics: MetricView[];
  repeats: RepeatView[];
  durationMs: number | null;
}

export interface ScoreCell {
  scope: string;
  agent: string;
  metric: string;
  mean: number | null;
  ci: [number, number] | null;
  n: number;
  passRate?: number | null;
  errors?: number;
  /** 'value' when the mean is a measurement (ms, tokens) rather than a [0,1] score. */
  measure?: 'value';
  /** The metric's own measurement beside its score (the lock aggregate's `value`). */
  value?: { mean: number | null; ci: [number, number] | null; n: number };
}

export interface ReportModel {
  benchmark: { id: string; version: string };
  evalc: string;
  planDigest: string;
  run: { repeats: number; seed: number; bootstrap: number; significance: number };
  verdict: {
    passed: boolean;
    gatesPassed: number;
    gatesFailed: number;
    gatesSkipped: number;
    /** Agents every example of which failed before scoring: nothing was evaluated for them. */
    unevaluated?: string[];
    /** Every agent is unevaluated. */
    nothingEvaluated?: true;
    /** Judges every score of which failed: their metrics measured nothing (QA48). */
    failedJudges?: string[];
  };
  /** Failing gates first, each group in lockfile order. */
  gates: LockGate[];
  agents: string[];
  tasks: string[];
  /** `task/dataset` pairs, sorted. */
  datasets: string[];
  metrics: string[];
  /** The metric of the summary table: pass_rate when present, else the first metric. */
  headlineMetric: string | null;
  /** Each metric id's unit of measurement (`tool calls`, `refusal rate`, `USD`), when it has one. */
  units?: Record<string, string>;
  /** A group's metrics whose error decides no pass (lockfile/deciding-metrics.ts); not serialised. */
  nonDeciding?: (group: string) => ReadonlySet<string>;
  /** The judge a group's metric names, if any (the Errors table names it, QA336); not serialised. */
  judgeOf?: (group: string, metric: string) => string | undefined;
  /** Each failed judge's error kinds with counts (verdictText's words); not serialised. */
  judgeFailureKinds?: Record<string, Record<string, number>>;
  scores: ScoreCell[];
  examples: ExampleView[];
  counts: { examples: number; pass: number; fail: number; error: number };
  pins: {
    datasets: Record<string, LockDataset>;
    agents: Record<string, LockAgent>;
    judges: Record<string, LockJudge>;
  };
  /** Per group: durations, tokens and the means of volatile measures (`cost`…); not results. */
  volatile: Lockfile['volatile'];
  diff: LockDiff | null;
  /** Where report.html is, as report.md names it (`.evalc/reports/report.html`, or `--out`'s folder). */
  fullReportPath: string;
  /** Rendered without the run's cache: no answers, failure reasons or trajectories to show. */
  withoutCache: boolean;
}

const SCOPE_RANK = (scope: string) => (scope === 'benchmark' ? 0 : scope.startsWith('task/') ? 1 : 2);

function scoreCells(input: ReportInput): ScoreCell[] {
  const cells: ScoreCell[] = [];
  for (const [scope, agents] of Object.entries(input.lock.aggregates ?? {})) {
    for (const [agent, metrics] of Object.entries(agents)) {
      for (const [metric, a] of Object.entries(metrics)) {
        const cell: ScoreCell = { scope, agent, metric, mean: a.mean, ci: a.ci, n: a.n };
        if (a.passRate !== undefined) cell.passRate = a.passRate;
        if (a.errors !== undefined) cell.errors = a.errors;
        if (a.measure !== undefined) cell.measure = a.measure;
        if (a.value !== undefined) cell.value = a.value;
        cells.push(cell);
      }
    }
  }
  return cells.sort(
    (a, b) =>
      SCOPE_RANK(a.scope) - SCOPE_RANK(b.scope) ||
      byText(a.scope, b.scope) ||
      byText(a.agent, b.agent) ||
      byText(a.metric, b.metric),
  );
}

export function buildReportModel(input: ReportInput, diff: LockDiff | null): ReportModel {
  const { lock } = input;
  const examples = exampleViews(input);
  const scores = scoreCells(input);
  const uniq = (xs: Iterable<string>) => [...new Set(xs)].sort(byText);
  // One pass over the rows: a group's agent, task and dataset once per run of its rows.
  const agentIds = new Set(Object.keys(lock.agents ?? {}));
  const taskIds = new Set<string>();
  const datasetIds = new Set<string>();
  const metricIds = new Set(scores.map((c) => c.metric));
  const counts = { examples: examples.length, pass: 0, fail: 0, error: 0 };
  /** Per agent: whether any of its examples had a repeat that did not fail before scoring. */
  const evaluatedBy = new Map<string, boolean>();
  let lastGroup: string | undefined;
  for (const e of examples) {
    if (e.group !== lastGroup) {
      agentIds.add(e.agent);
      taskIds.add(e.task);
      datasetIds.add(`${e.task}/${e.dataset}`);
      lastGroup = e.group;
    }
    for (const m of e.metrics) metricIds.add(m.id);
    if (e.status === 'pass') counts.pass++;
    else if (e.status === 'fail') counts.fail++;
    else if (e.status === 'error') counts.error++;
    let failed = e.repeats.length > 0;
    for (const r of e.repeats) if (r.errorKind === null) failed = false;
    evaluatedBy.set(e.agent, (evaluatedBy.get(e.agent) ?? false) || !failed);
  }
  for (const c of scores) if (c.scope.startsWith('task/')) taskIds.add(c.scope.slice(5));
  const agents = uniq(agentIds);
  const tasks = uniq(taskIds);
  const metrics = uniq(metricIds);
  const gates = [...(lock.gates ?? [])]
    .map((g, i) => ({ g, i }))
    .sort((a, b) => Number(a.g.passed) - Number(b.g.passed) || a.i - b.i)
    .map((x) => x.g);
  const failed = gates.filter((g) => !g.passed).length;
  const skipped = gates.filter((g) => g.passed && g.skipped).length;
  const unevaluated = [...evaluatedBy]
    .filter(([, any]) => !any)
    .map(([a]) => a)
    .sort(byText);
  const nothingEvaluated = unevaluated.length > 0 && unevaluated.length === evaluatedBy.size;
  const judgeFailures = failedJudges(lock);
  const judgesFailed = judgeFailures.map((f) => f.judge);
  return {
    fullReportPath: fullReportPath(input.reportsPath),
    withoutCache: input.withoutCache === true,
    benchmark: lock.plan.benchmark,
    evalc: lock.evalc,
    planDigest: lock.plan.digest,
    run: {
      repeats: lock.run.repeats,
      seed: lock.run.seed,
      bootstrap: lock.run.bootstrap,
      significance: lock.run.significance,
    },
    verdict: {
      passed: failed === 0 && unevaluated.length === 0 && judgesFailed.length === 0,
      gatesPassed: gates.length - failed - skipped,
      gatesFailed: failed,
      gatesSkipped: skipped,
      ...(unevaluated.length > 0 ? { unevaluated } : {}),
      ...(nothingEvaluated ? { nothingEvaluated: true as const } : {}),
      ...(judgesFailed.length > 0 ? { failedJudges: judgesFailed } : {}),
    },
    gates,
    agents,
    tasks,
    datasets: uniq(datasetIds),
    metrics,
    headlineMetric: chooseHeadlineMetric(metrics, scores, gates),
    units: metricUnits(lock),
    nonDeciding: nonDecidingByGroup(lock),
    judgeOf: (group, metric) => {
      const config = Object.hasOwn(lock.groups ?? {}, group)
        ? lock.groups[group]?.metrics?.[metric]?.config
        : undefined;
      return typeof config?.judge === 'string' ? config.judge : undefined;
    },
    ...(judgeFailures.length > 0
      ? { judgeFailureKinds: Object.fromEntries(judgeFailures.map((f) => [f.judge, f.kinds])) }
      : {}),
    scores,
    examples,
    counts,
    pins: { datasets: lock.datasets ?? {}, agents: lock.agents ?? {}, judges: lock.judges ?? {} },
    volatile: lock.volatile ?? {},
    diff,
  };
}

/**
 * The metric of the summary table and chart: pass_rate, else the scored metric with the most
 * task × agent cells (on a tie, the first gated one, else the first in order). It was the first scored metric in order, so
 * a plan without pass_rate led its report with a judge metric only one task of one agent has.
 */
function chooseHeadlineMetric(metrics: string[], scores: ScoreCell[], gates: LockGate[]): string | null {
  if (metrics.includes('pass_rate')) return 'pass_rate';
  // On a tie, a metric the plan gates on goes first (QA47: a plan gating exact_match led its
  // report with `consistency`, first in name order among metrics scored everywhere).
  const gated = new Set(gates.map((g) => g.metric));
  let best: string | null = null;
  let bestCells = 0;
  for (const id of metrics) {
    const cells = scores.filter(
      (c) => c.metric === id && c.measure !== 'value' && c.mean !== null && c.scope.startsWith('task/'),
    ).length;
    if (cells > bestCells || (cells > 0 && cells === bestCells && gated.has(id) && !gated.has(best ?? ''))) {
      best = id;
      bestCells = cells;
    }
  }
  return best ?? metrics.find((id) => scores.some((c) => c.metric === id && c.measure !== 'value')) ?? null;
}

/** The aggregate of one scope × agent × metric. */
/** Each model's score cells by scope × agent × metric (the first cell of each), built once per array. */
const scoreIndex = new WeakMap<readonly ScoreCell[], Map<string, ScoreCell>>();

export function findScore(
  model: ReportModel,
  scope: string,
  agent: string,
  metric: string,
): ScoreCell | undefined {
  // A scan per call was quadratic: 500 tasks × 5 agents × 22 metrics made report.html's score table
  // and report.md's task details 15 s of `evalc report` (QA80).
  let index = scoreIndex.get(model.scores);
  if (!index) {
    index = new Map();
    for (const c of model.scores) {
      const key = `${c.scope}\u0000${c.agent}\u0000${c.metric}`;
      if (!index.has(key)) index.set(key, c);
    }
    scoreIndex.set(model.scores, index);
  }
  return index.get(`${scope}\u0000${agent}\u0000${metric}`);
}

/**
 * The one-line verdict on the gates, shared by every report. `judgeKinds`: each failed judge's
 * error kinds (ReportModel.judgeFailureKinds), which say whether its calls failed.
 */
export function verdictText(
  v: ReportModel['verdict'],
  judgeKinds?: Record<string, Record<string, number>>,
): string {
  const total = v.gatesPassed + v.gatesFailed + v.gatesSkipped;
  if (v.nothingEvaluated) return 'nothing evaluated: every example failed before scoring';
  if (v.failedJudges?.length) {
    const rest = verdictText({
      ...v,
      failedJudges: [],
      passed: v.gatesFailed === 0 && !v.unevaluated?.length,
    });
    return `${failedJudgesText(v.failedJudges, judgeKinds)}; ${rest}`;
  }
  if (v.unevaluated?.length) {
    const gates = verdictText({ ...v, unevaluated: [], passed: v.gatesFailed === 0 });
    return `nothing evaluated for ${v.unevaluated.join(', ')}; ${gates}`;
  }
  if (total === 0) return 'no gates';
  const skipped = v.gatesSkipped > 0 ? `, ${v.gatesSkipped} skipped` : '';
  const gates = total === 1 ? 'gate' : 'gates';
  if (!v.passed) return `${v.gatesFailed} of ${total} ${gates} failed${skipped}`;
  if (v.gatesSkipped > 0) return `${v.gatesPassed} of ${total} ${gates} passed${skipped}`;
  return total === 1 ? '1 gate passed' : `all ${total} gates passed`;
}

/**
 * `judge j scored nothing (every call failed)` when each of its failed scores was a call that
 * failed; else what failed, by kind: `(every score failed: metric_error 2)` — QA336: a judge none
 * of whose inputs was sent (each over its limits.maxInputBytes, or a content that could not be
 * rendered) or whose every verdict was unusable read 'every call failed'. Judges with the same
 * words are named together, in the order given.
 */
function failedJudgesText(judges: string[], judgeKinds?: Record<string, Record<string, number>>): string {
  const why = (judge: string): string => {
    const kinds = judgeKinds?.[judge];
    if (kinds === undefined || !Object.hasOwn(kinds, 'metric_error')) return 'every call failed';
    const counts = Object.entries(kinds)
      .sort(([a], [b]) => byText(a, b))
      .map(([kind, n]) => `${kind} ${n}`);
    return `every score failed: ${counts.join(', ')}`;
  };
  const byWhy = new Map<string, string[]>();
  for (const judge of judges) byWhy.set(why(judge), [...(byWhy.get(why(judge)) ?? []), judge]);
  return [...byWhy]
    .map(
      ([words, named]) =>
        `${named.length === 1 ? 'judge' : 'judges'} ${named.join(', ')} scored nothing (${words})`,
    )
    .join('; ');
}

/** ✅ passed, ❌ failed, ➖ skipped. */
export function gateIcon(g: { passed: boolean; skipped?: boolean | undefined }): string {
  return !g.passed ? '❌' : g.skipped ? '➖' : '✅';
}

/** Per group, once: the metrics whose error decides no pass (a measurement's: `cost` with no price). */
function nonDecidingByGroup(lock: ReportInput['lock']): (group: string) => ReadonlySet<string> {
  const cache = new Map<string, ReadonlySet<string>>();
  return (group) => {
    let quiet = cache.get(group);
    if (quiet === undefined) {
      quiet = nonDecidingMetricIds(Object.hasOwn(lock.groups ?? {}, group) ? lock.groups[group] : undefined);
      cache.set(group, quiet);
    }
    return quiet;
  };
}
