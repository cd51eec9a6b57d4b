/**
 * Aggregation: weighted means Example → Dataset → Task → Benchmark for every agent and metric,
 * each with a seeded percentile bootstrap CI.
 *
 * - Dataset: Σ wₑ xₑ / Σ wₑ over its examples with a score (example weight wₑ).
 * - Task: weighted mean of its datasets' means (dataset weights); Benchmark: weighted mean of the
 *   tasks' means (task weights). Datasets/tasks without a result for the metric are left out and
 *   the weights renormalised.
 * - CI: one bootstrap pass per (agent, metric, score|value): each resample redraws the examples
 *   of every dataset uniformly with replacement, stratified (each dataset keeps its size), and
 *   recomputes the weighted hierarchy (examples of weight 0 are not in any mean, so they are not
 *   drawn either: a dataset's size is its examples with a result and a positive weight); the
 *   2.5/97.5 percentiles (linear interpolation) of each node are its CI. The stream is seeded by
 *   deriveSeed(seed, "agent\0metric\0field"), so adding
 *   an agent or a metric never changes another's CI; strata are drawn with tasks and datasets in
 *   id order, so the YAML order of `tasks:` and `datasets:` never changes one.
 * - `score` and `value` are aggregated separately (a metric may have either or both).
 * - Invoke failures scored 0 are in the means (scoreExample); metric errors (score null) are not,
 *   and are counted in `errors`; `invokeErrors` counts failed repeats.
 * - Set metrics (win_rate, judge_agreement, position_bias) are computed per dataset and averaged
 *   up with the dataset/task weights, without a CI — their score and, when they have one, their
 *   value (judge_agreement's signed correlation, position_bias's bias).
 */

import { getMetricDefinition } from './registry.js';
import { computeSetMetrics, ensureMetric } from './set-metric-aggregate.js';
import { percentileInterval } from './stats/bootstrap.js';
import { weightedMean } from './stats/descriptive.js';
import { finiteWeights, overflowScale, withFiniteWeights } from './stats/overflow-scale.js';
import { deriveSeed } from './stats/prng.js';
import { MeanResampler, prepareColumn, type ResampleColumn } from './stats/resample-mean.js';
import type { ExampleOutcome, Json, ResolvedMetric } from './types.js';

export interface DatasetInput {
  id: string;
  weight: number;
  /** Rolled-up outcomes per agent id. */
  agents: Record<string, ExampleOutcome[]>;
}

export interface TaskInput {
  id: string;
  weight: number;
  /** The metrics applied to this task (global + task metrics). */
  metrics: ResolvedMetric[];
  datasets: DatasetInput[];
}

export interface AggregateInput {
  benchmark: string;
  tasks: TaskInput[];
  bootstrap: { seed: number; resamples: number; confidence?: number };
}

export interface NodeEstimate {
  mean: number;
  /** Percentile bootstrap CI; null for set metrics. */
  ci: [number, number] | null;
  /** Examples with a result. */
  n: number;
}

export interface MetricAggregate {
  score: NodeEstimate | null;
  value: NodeEstimate | null;
  errors: number;
  /** Set metrics: the dataset-level details. */
  details?: Json;
  /**
   * A node with results but no mean (they all weigh 0): how many, per field — its `n`, which
   * counts weight-0 examples as every node's does (QA145: evalc.lock said `n: 0`).
   */
  nWithoutMean?: Partial<Record<Field, number>>;
}

export interface AggregateNode {
  examples: number;
  invokeErrors: number;
  metrics: Record<string, MetricAggregate>;
}

export interface TaskAggregate extends AggregateNode {
  datasets: Record<string, AggregateNode>;
}

export interface AgentAggregate extends AggregateNode {
  tasks: Record<string, TaskAggregate>;
}

export interface AggregateReport {
  benchmark: string;
  seed: number;
  resamples: number;
  confidence: number;
  agents: Record<string, AgentAggregate>;
}

type Field = 'score' | 'value';

interface Stratum {
  task: number;
  dataset: number;
  /** Values and weights of the examples with a result and a positive weight (the resampled units). */
  xs: number[];
  ws: number[];
  /** Examples with a result, weight 0 included (the node's `n`). */
  count: number;
}

function agentsOf(input: AggregateInput): string[] {
  const set = new Set<string>();
  for (const t of input.tasks) for (const d of t.datasets) for (const a of Object.keys(d.agents)) set.add(a);
  return [...set].sort();
}

function emptyNode(): AggregateNode {
  // Keyed by metric ids, which may be `valueOf` or `toString`: no prototype to find them on (QA35).
  return { examples: 0, invokeErrors: 0, metrics: Object.create(null) as Record<string, MetricAggregate> };
}

/** Weighted hierarchy over per-dataset means (null entries are skipped). */
function hierarchy(input: AggregateInput, dsMeans: (number | null)[][]) {
  const taskMeans = input.tasks.map((t, ti) => {
    const ds = dsMeans[ti] ?? [];
    const present = t.datasets
      .map((d, di) => ({ m: ds[di], w: d.weight }))
      .filter((x) => typeof x.m === 'number');
    return weightedMean(
      present.map((x) => x.m as number),
      present.map((x) => x.w),
    );
  });
  const present = input.tasks
    .map((t, ti) => ({ m: taskMeans[ti], w: t.weight }))
    .filter((x) => typeof x.m === 'number');
  const bench = weightedMean(
    present.map((x) => x.m as number),
    present.map((x) => x.w),
  );
  return { taskMeans, bench };
}

/**
 * The bootstrap distributions of every node for one (agent, metric, field): per resample, each
 * stratum's weighted mean from n draws (stream order: resample by resample, strata in task then
 * dataset order), then the same weighted hierarchy as `hierarchy` — datasets in order, those
 * without a mean skipped, Σ w·m / Σ w, null when Σ w = 0 — without allocating per resample.
 */
function resampleHierarchy(input: AggregateInput, strata: Stratum[], seed: number) {
  const resampler = new MeanResampler(seed);
  const columns = strata.map((s) => prepareColumn(s.xs, s.ws));
  const dsStats = strata.map((): number[] => []);
  const taskStats = input.tasks.map((): number[] => []);
  const benchStats: number[] = [];
  // Each task's strata (in strata order) with their dataset weights: one pass over the strata,
  // not one per task (T tasks × 2T strata per agent, metric and field: quadratic, QA85).
  const byTask = input.tasks.map((): { si: number; w: number }[] => []);
  strata.forEach((s, si) => {
    byTask[s.task]?.push({ si, w: input.tasks[s.task]?.datasets[s.dataset]?.weight ?? 0 });
  });
  const taskWeights = input.tasks.map((t) => t.weight ?? 0);
  const dsMeans = new Float64Array(strata.length);
  const dsPresent = new Uint8Array(strata.length);
  // Columns whose every resample has the same mean (`fixed`: an all-passing or all-failing
  // dataset) make every resample of the hierarchy the same numbers too: one resample is drawn,
  // and its one value per node has the percentiles the 1,000 copies had (each CI is [v, v]).
  const draws = columns.every((c) => c.kind === 'fixed')
    ? Math.min(input.bootstrap.resamples, 1)
    : input.bootstrap.resamples;
  for (let b = 0; b < draws; b += 1) {
    for (let si = 0; si < columns.length; si += 1) {
      const m = resampler.mean(columns[si] as ResampleColumn);
      dsPresent[si] = m === null ? 0 : 1;
      if (m !== null) {
        dsMeans[si] = m;
        dsStats[si]?.push(m);
      }
    }
    let benchSum = 0;
    let benchTotal = 0;
    for (let ti = 0; ti < byTask.length; ti += 1) {
      let sum = 0;
      let total = 0;
      for (const { si, w } of byTask[ti] ?? []) {
        if (dsPresent[si] === 0) continue;
        sum += w * (dsMeans[si] as number);
        total += w;
      }
      if (!(total > 0)) continue;
      const m = sum / total;
      taskStats[ti]?.push(m);
      const tw = taskWeights[ti] as number;
      benchSum += tw * m;
      benchTotal += tw;
    }
    if (benchTotal > 0) benchStats.push(benchSum / benchTotal);
  }
  return { dsStats, taskStats, benchStats };
}

/**
 * The strata of one (agent, metric) for both fields, in one pass over the examples: the score
 * and the value of each example are read together (the value pass found nothing for most metrics,
 * yet walked every example).
 */
function collectStrata(input: AggregateInput, agent: string, metricId: string): Record<Field, Stratum[]> {
  const strata: Record<Field, Stratum[]> = { score: [], value: [] };
  input.tasks.forEach((t, ti) => {
    t.datasets.forEach((d, di) => {
      const score: Stratum = { task: ti, dataset: di, xs: [], ws: [], count: 0 };
      const value: Stratum = { task: ti, dataset: di, xs: [], ws: [], count: 0 };
      for (const e of d.agents[agent] ?? []) {
        const r = e.metrics[metricId];
        if (!r) continue;
        // An example of weight 0 is not in the weighted mean, so it is not a resampling unit
        // either: drawn, it only shrank a resample and, in a resample that drew nothing else,
        // dropped its dataset from the task (a CI of [0.5, 1] around a mean that every
        // resample puts at 0.5).
        if (typeof r.score === 'number') {
          score.count += 1;
          if (e.weight > 0) {
            score.xs.push(r.score);
            score.ws.push(e.weight);
          }
        }
        if (typeof r.value === 'number') {
          value.count += 1;
          if (e.weight > 0) {
            value.xs.push(r.value);
            value.ws.push(e.weight);
          }
        }
      }
      // Weights near a double's range scaled alike, so their sums stay finite (QA175).
      score.ws = finiteWeights(score.ws) as number[];
      value.ws = finiteWeights(value.ws) as number[];
      if (score.count > 0) strata.score.push(score);
      if (value.count > 0) strata.value.push(value);
    });
  });
  return strata;
}

function estimateField(
  input: AggregateInput,
  agent: string,
  metricId: string,
  field: Field,
  unscaled: Stratum[],
  report: AgentAggregate,
) {
  if (unscaled.length === 0) return;
  // Values near a double's range (numeric's absolute error) are scaled by a power of two so that no
  // sum overflows to Infinity (a null CI bound in the lock, QA175), and scaled back at the end.
  const scale = scaleOf(input, unscaled);
  const strata = scale === 1 ? unscaled : unscaled.map((s) => ({ ...s, xs: s.xs.map((x) => x * scale) }));
  const back = (x: number): number => (scale === 1 ? x : x / scale);
  const grid = () => input.tasks.map((t) => t.datasets.map((): number | null => null));
  const observed = grid();
  for (const s of strata) (observed[s.task] as (number | null)[])[s.dataset] = weightedMean(s.xs, s.ws);
  const obs = hierarchy(input, observed);

  // One stream for a metric's score and value (the score's seed, as before): the same examples are
  // drawn for both, so a value that is a function of the score (bleu's 100 × score, refusal_rate's
  // 1 − score) has the matching CI — two streams showed bleu [0.16, 0.57] beside 15.70–59.64 (QA145).
  const { dsStats, taskStats, benchStats } = resampleHierarchy(
    input,
    strata,
    deriveSeed(input.bootstrap.seed, `${agent}\u0000${metricId}\u0000score`),
  );
  const confidence = input.bootstrap.confidence ?? 0.95;
  const ci = (stats: number[], m: number): [number, number] => {
    const [lo, hi] = stats.length > 0 ? percentileInterval(stats, confidence) : [m, m];
    return [back(lo), back(hi)];
  };

  strata.forEach((s, si) => {
    const t = input.tasks[s.task];
    const d = t?.datasets[s.dataset];
    const m = observed[s.task]?.[s.dataset];
    if (!t || !d) return;
    const node = report.tasks[t.id]?.datasets[d.id];
    const agg = node?.metrics[metricId];
    if (agg && typeof m !== 'number') countWithoutMean(agg, field, s.count);
    else if (agg && typeof m === 'number')
      agg[field] = { mean: back(m), ci: ci(dsStats[si] ?? [], m), n: s.count };
  });
  input.tasks.forEach((t, ti) => {
    const m = obs.taskMeans[ti];
    const agg = report.tasks[t.id]?.metrics[metricId];
    const n = strata.filter((s) => s.task === ti).reduce((k, s) => k + s.count, 0);
    if (agg && typeof m === 'number') agg[field] = { mean: back(m), ci: ci(taskStats[ti] ?? [], m), n };
    else if (agg) countWithoutMean(agg, field, n);
  });
  const benchAgg = report.metrics[metricId];
  const n = strata.reduce((k, s) => k + s.count, 0);
  if (benchAgg && obs.bench !== null)
    benchAgg[field] = { mean: back(obs.bench), ci: ci(benchStats, obs.bench), n };
  else if (benchAgg) countWithoutMean(benchAgg, field, n);
}

/** overflowScale of a field's strata: its largest |value| and how many times it a sum can reach. */
function scaleOf(input: AggregateInput, strata: Stratum[]): number {
  let largest = 0;
  let spread = 1;
  for (const s of strata) {
    let w = 0;
    for (let i = 0; i < s.xs.length; i++) {
      largest = Math.max(largest, Math.abs(s.xs[i] as number));
      w = Math.max(w, s.ws[i] as number);
    }
    spread = Math.max(spread, s.xs.length * w);
  }
  // Not `largest` alone: a weight near a double's range times an ordinary value overflows too.
  for (const t of input.tasks)
    spread = Math.max(
      spread,
      t.datasets.reduce((k, d) => k + d.weight, 0),
    );
  spread = Math.max(
    spread,
    input.tasks.reduce((k, t) => k + t.weight, 0),
  );
  return overflowScale(largest, spread);
}

/** Results that weigh 0 have no mean, yet count in the node's n. */
function countWithoutMean(agg: MetricAggregate, field: Field, n: number): void {
  if (n > 0) agg.nWithoutMean = { ...agg.nWithoutMean, [field]: n };
}

/** UTF-16 code-unit order, the same on every machine and locale. */
const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Tasks, and each task's datasets, in id order. Their order in the YAML is not part of the plan
 * (its digest is over canonical JSON), so it must not move a CI — the bootstrap draws the strata
 * from one stream in this order — or the last bit of a weighted sum (QA12: listing two datasets the
 * other way round left the lock up to date, yet a fresh run wrote other CIs). Examples keep their
 * order in the dataset file, which its sha256 pins.
 */
function inIdOrder(input: AggregateInput): AggregateInput {
  const tasks = [...input.tasks]
    .sort(byId)
    .map((t) => ({ ...t, datasets: withFiniteWeights([...t.datasets].sort(byId)) }));
  return { ...input, tasks: withFiniteWeights(tasks) };
}

export function aggregate(unordered: AggregateInput): AggregateReport {
  const input = inIdOrder(unordered);
  const agents: Record<string, AgentAggregate> = {};
  for (const agent of agentsOf(input)) {
    const report: AgentAggregate = { ...emptyNode(), tasks: {} };
    const perExampleIds = new Set<string>();
    for (const t of input.tasks) {
      const tNode: TaskAggregate = { ...emptyNode(), datasets: {} };
      report.tasks[t.id] = tNode;
      const ids = t.metrics.filter((m) => getMetricDefinition(m.type)?.stage !== 'set').map((m) => m.id);
      for (const d of t.datasets) {
        const outcomes = d.agents[agent];
        if (!outcomes) continue;
        const dNode = emptyNode();
        tNode.datasets[d.id] = dNode;
        // One pass over the examples for their invoke errors and every metric's errors (counts).
        let invokeErrors = 0;
        const errors = new Array<number>(ids.length).fill(0);
        for (const e of outcomes) {
          invokeErrors += e.invokeErrors;
          for (let j = 0; j < ids.length; j++) errors[j]! += e.metrics[ids[j]!]?.errors ?? 0;
        }
        for (const node of [dNode, tNode, report]) {
          node.examples += outcomes.length;
          node.invokeErrors += invokeErrors;
        }
        for (let j = 0; j < ids.length; j++) {
          const id = ids[j]!;
          perExampleIds.add(id);
          for (const node of [dNode, tNode, report]) ensureMetric(node, id).errors += errors[j]!;
        }
      }
    }
    for (const id of [...perExampleIds].sort()) {
      const strata = collectStrata(input, agent, id);
      estimateField(input, agent, id, 'score', strata.score, report);
      estimateField(input, agent, id, 'value', strata.value, report);
    }
    computeSetMetrics(input, agent, report);
    agents[agent] = report;
  }
  return {
    benchmark: input.benchmark,
    seed: input.bootstrap.seed,
    resamples: input.bootstrap.resamples,
    confidence: input.bootstrap.confidence ?? 0.95,
    agents,
  };
}
