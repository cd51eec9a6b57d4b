/**
 * The one view every renderer reads: the lockfile's results and aggregates reshaped (sorted,
 * joined with trajectories and judge rationales), plus the diff against the baseline. Shaping
 * only: every figure comes from the lockfile or from `diffLocks`.
 */
import type { LockDiff } from '../lockfile/diff.js';
import type { LockAgent, LockDataset, Lockfile, LockGate, LockJudge } from '../lockfile/types.js';
import { byText } from './format.js';
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
}

const NO_ERRORS: (string | null)[] = [];

function exampleViews(input: ReportInput): ExampleView[] {
  const { lock } = input;
  // Empty (no judge, nothing failed): no lookup per metric of every row.
  const rationales = nonEmpty(input.judgeRationales);
  const failureDetails = nonEmpty(input.failureDetails);
  // A Map: 100k lookups of invoke keys (strings read from the lock, not internalized) cost a
  // third of what they do in an object of thousands of keys.
  const trajectories = input.trajectories ? new Map(Object.entries(input.trajectories)) : undefined;
  const views = lock.results.map((r): ExampleView => {
    const g = lock.groups[r.group];
    // Without its group in the lock (never, for apply's own locks), the id `agent/task/dataset` says.
    const parts = g ? undefined : r.group.split('/');
    const errorKinds = r.errors ?? NO_ERRORS;
    let durationSum = 0;
    let durationCount = 0;
    // `statusOf` folded into the loops: an error kind, a record's error, or a metric's own error.
    let errored = errorKinds.some((e) => e !== null);
    const invoke = r.invoke;
    const repeats: RepeatView[] = new Array(invoke.length);
    for (let i = 0; i < invoke.length; i++) {
      const key = invoke[i]!;
      const view: RepeatView = { repeat: i, invokeKey: key, errorKind: errorKinds[i] ?? null };
      const record = key === null ? neverSent(errorKinds[i]) : trajectories?.get(key);
      if (record) {
        view.record = record;
        if (record.error) errored = true;
        if (record.durationMs !== undefined) {
          durationSum += record.durationMs;
          durationCount++;
        }
      }
      repeats[i] = view;
    }
    const ids = Object.keys(r.metrics);
    if (!inTextOrder(ids)) ids.sort(byText);
    const metrics: MetricView[] = new Array(ids.length);
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j]!;
      const m = r.metrics[id] ?? { score: null };
      const keys = m.keys ?? (m.key ? [m.key] : []);
      const view: MetricView = { id, score: m.score, keys };
      if (m.value !== undefined) view.value = m.value;
      if (m.pass !== undefined) view.pass = m.pass;
      if (m.errors !== undefined) view.errors = m.errors;
      if (m.error !== undefined) {
        view.error = m.error;
        errored = true;
      }
      if (rationales) {
        for (const k of keys) {
          const rationale = rationales[k];
          if (rationale !== undefined) {
            view.rationale = rationale;
            break;
          }
        }
      }
      // A failed metric's details, or a judge's error message (its metric has no pass: left out of the means).
      if (failureDetails && (m.pass === false || m.error !== undefined)) {
        for (const k of keys) {
          const details = failureDetails[k];
          if (details !== undefined) {
            view.details = details;
            break;
          }
        }
      }
      metrics[j] = view;
    }
    return {
      id: `${r.group}/${r.example}`,
      group: r.group,
      agent: g?.agent ?? parts?.[0] ?? '',
      task: g?.task ?? parts?.[1] ?? '',
      dataset: g?.dataset ?? parts?.[2] ?? '',
      example: r.example,
      weight: r.weight,
      status: errored ? 'error' : r.pass === true ? 'pass' : r.pass === false ? 'fail' : 'unknown',
      pass: r.pass,
      metrics,
      repeats,
      durationMs: durationCount === 0 ? null : durationSum / durationCount,
    };
  });
  // Sorted by (agent, task, dataset, example): rows are bucketed by their (agent, task, dataset)
  // first, so the 100k-row sort compares example ids only. Rows of one group come in runs: the
  // bucket is looked up again only when the group changes.
  const buckets = new Map<string, ExampleView[]>();
  let lastGroup: string | undefined;
  let bucket: ExampleView[] = [];
  for (const v of views) {
    if (v.group !== lastGroup) {
      const key = `${v.agent}\u0000${v.task}\u0000${v.dataset}`;
      const found = buckets.get(key);
      if (found) bucket = found;
      else {
        bucket = [];
        buckets.set(key, bucket);
      }
      lastGroup = v.group;
    }
    bucket.push(v);
  }
  const order = [...buckets.values()].sort(
    (x, y) =>
      byText(x[0]!.agent, y[0]!.agent) ||
      byText(x[0]!.task, y[0]!.task) ||
      byText(x[0]!.dataset, y[0]!.dataset),
  );
  const sorted: ExampleView[] = [];
  for (const bucket of order) {
    if (!examplesInOrder(bucket)) bucket.sort((a, b) => byText(a.example, b.example));
    for (const v of bucket) sorted.push(v);
  }
  return sorted;
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
  return {
    fullReportPath: fullReportPath(input.reportsPath),
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
      passed: failed === 0 && unevaluated.length === 0,
      gatesPassed: gates.length - failed - skipped,
      gatesFailed: failed,
      gatesSkipped: skipped,
      ...(unevaluated.length > 0 ? { unevaluated } : {}),
      ...(nothingEvaluated ? { nothingEvaluated: true as const } : {}),
    },
    gates,
    agents,
    tasks,
    datasets: uniq(datasetIds),
    metrics,
    headlineMetric: chooseHeadlineMetric(metrics, scores),
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
 * task × agent cells (the first in order on a tie). It was the first scored metric in order, so
 * a plan without pass_rate led its report with a judge metric only one task of one agent has.
 */
function chooseHeadlineMetric(metrics: string[], scores: ScoreCell[]): string | null {
  if (metrics.includes('pass_rate')) return 'pass_rate';
  let best: string | null = null;
  let bestCells = 0;
  for (const id of metrics) {
    const cells = scores.filter(
      (c) => c.metric === id && c.measure !== 'value' && c.mean !== null && c.scope.startsWith('task/'),
    ).length;
    if (cells > bestCells) {
      best = id;
      bestCells = cells;
    }
  }
  return best ?? metrics.find((id) => scores.some((c) => c.metric === id && c.measure !== 'value')) ?? null;
}

/** The aggregate of one scope × agent × metric. */
export function findScore(
  model: ReportModel,
  scope: string,
  agent: string,
  metric: string,
): ScoreCell | undefined {
  return model.scores.find((c) => c.scope === scope && c.agent === agent && c.metric === metric);
}

/** The one-line verdict on the gates, shared by every report. */
export function verdictText(v: ReportModel['verdict']): string {
  const total = v.gatesPassed + v.gatesFailed + v.gatesSkipped;
  if (v.nothingEvaluated) return 'nothing evaluated: every example failed before scoring';
  if (v.unevaluated?.length) {
    const gates = verdictText({ ...v, unevaluated: [], passed: v.gatesFailed === 0 });
    return `nothing evaluated for ${v.unevaluated.join(', ')}; ${gates}`;
  }
  if (total === 0) return 'no gates';
  const skipped = v.gatesSkipped > 0 ? `, ${v.gatesSkipped} skipped` : '';
  if (!v.passed) return `${v.gatesFailed} of ${total} gates failed${skipped}`;
  return v.gatesSkipped === 0
    ? `all ${total} gates passed`
    : `${v.gatesPassed} of ${total} gates passed${skipped}`;
}

/** ✅ passed, ❌ failed, ➖ skipped. */
export function gateIcon(g: { passed: boolean; skipped?: boolean | undefined }): string {
  return !g.passed ? '❌' : g.skipped ? '➖' : '✅';
}

/** Whether rows are already in example order (a dataset whose ids sort as they are listed). */
function examplesInOrder(rows: readonly ExampleView[]): boolean {
  for (let i = 1; i < rows.length; i++) if (byText(rows[i - 1]!.example, rows[i]!.example) > 0) return false;
  return true;
}

/** `record`, or undefined when it has no member. */
function nonEmpty<T>(record: Record<string, T> | undefined): Record<string, T> | undefined {
  if (record === undefined) return undefined;
  for (const _ in record) return record;
  return undefined;
}

/** Whether a list is already in `byText` order (lockfile rows are written key-sorted: no sort needed). */
function inTextOrder(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (byText(ids[i - 1]!, ids[i]!) > 0) return false;
  return true;
}

/**
 * Why an example that was never sent has no invoke record: the drill-down and report.json say so
 * instead of an empty error (QA24 E2). Other kinds without a key keep what the lock says.
 */
function neverSent(kind: string | null | undefined): InvokeRecord | undefined {
  if (kind !== 'preflight_failed') return undefined;
  return {
    error: {
      kind,
      message:
        'not sent: every preflight example of this agent failed, so the rest of its batch was held back (the next apply sends it)',
    },
  };
}
