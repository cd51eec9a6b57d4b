/**
 * Scoring one repeat of one example: `scoreMetric` runs one example-stage metric (one cached
 * score step); `deriveRepeat` computes the example pass and the derived metrics from those
 * results; `scoreExample` does both for every metric of a task.
 *
 * Pass rule: a metric is gating when `gate: true`, or when it has a threshold and `gate` is
 * not false. A gating metric passes when its score is not null and reaches the threshold; without
 * a threshold, when its result says `pass: true` (binary metrics), else when its score is 1.
 * The repeat passes when the invoke succeeded and every gating example-stage metric passes;
 * with no gating metric, every pass/fail metric (one whose result has `pass`) not marked
 * `gate: false` decides instead (`gatingMetrics`). Derived/repeats/set metrics never gate.
 *
 * Invoke failure: example-stage metrics are not run; each gets score 0 (pass false, details
 * `{invokeError: kind}`), except efficiency metrics (steps, tokens, cost), which get score null
 * because there is nothing to measure. The repeat fails and the error is kept on RepeatResult.
 */

import type { JudgeClient } from '../protocols/judge-types.js';
import type { StepError, Trajectory } from '../protocols/types.js';
import { asRecorded, reachesThreshold } from './decimal-round.js';
import { getMetricDefinition } from './registry.js';
import type {
  DerivedInput,
  DerivedStageDefinition,
  ExampleInfo,
  MetricDefinition,
  RepeatResult,
  ResolvedMetric,
  RubricInfo,
  ScoreInput,
  ScoreResult,
} from './types.js';

export function isGating(metric: ResolvedMetric): boolean {
  return metric.gate === true || (metric.gate !== false && metric.threshold !== undefined);
}

/**
 * The example-stage metrics that decide a repeat's pass: the gating ones; when the task has none,
 * every metric whose result is a pass/fail of its own (exact_match, contains, regex, …) unless
 * `gate: false` — so a plan without thresholds still fails the examples its checks fail. A check
 * that could not be computed (its result is an error: a judge that kept failing, a missing
 * expected value) decides too, as a fail: an example whose checks all errored never passes.
 * Measurements (the efficiency family) never decide unless gated explicitly.
 */
export function gatingMetrics(
  exampleMetrics: ResolvedMetric[],
  results: Record<string, ScoreResult>,
): ResolvedMetric[] {
  const explicit = exampleMetrics.filter(isGating);
  if (explicit.length > 0) return explicit;
  return exampleMetrics.filter((m) => {
    if (m.gate === false) return false;
    const result = results[m.id];
    if (result?.pass !== undefined) return true;
    return result?.error !== undefined && getMetricDefinition(m.type)?.family !== 'efficiency';
  });
}

export function metricPasses(metric: ResolvedMetric, result: ScoreResult | undefined): boolean {
  if (!result || result.score === null) return false;
  if (metric.threshold !== undefined) return reachesThreshold(result.score, metric.threshold);
  return result.pass ?? asRecorded(result.score) >= 1;
}

/** Keeps a metric's output inside the contract: finite score in [0,1] or null. */
function checkResult(type: string, result: ScoreResult): ScoreResult {
  const s = result.score;
  // Floating-point noise at the bounds (e.g. BLEU 100.00000000000004 / 100) is clamped.
  if (s !== null && Number.isFinite(s) && s >= -1e-9 && s <= 1 + 1e-9 && (s < 0 || s > 1)) {
    return { ...result, score: Math.min(1, Math.max(0, s)) };
  }
  if (s !== null && (!Number.isFinite(s) || s < 0 || s > 1)) {
    return {
      score: null,
      error: { kind: 'metric_error', message: `${type} produced an invalid score ${String(s)}` },
    };
  }
  if (result.value !== undefined && !Number.isFinite(result.value)) {
    const { value: _dropped, ...rest } = result;
    return rest;
  }
  return result;
}

/** Runs one example-stage metric. Never throws: a thrown error becomes a `metric_error`. */
export async function scoreMetric(metric: ResolvedMetric, input: ScoreInput): Promise<ScoreResult> {
  return scoreMetricNow(metric, input);
}

/**
 * `scoreMetric`, answering with the result itself when the metric computes it synchronously
 * (every metric but the judges): no promise and no turn of the microtask queue per example and
 * metric. A metric that returns a promise gets a promise.
 */
export function scoreMetricNow(
  metric: ResolvedMetric,
  input: ScoreInput,
): ScoreResult | Promise<ScoreResult> {
  const definition = getMetricDefinition(metric.type);
  if (definition?.stage !== 'example') {
    return {
      score: null,
      error: { kind: 'metric_error', message: `${metric.type} is not an example-stage metric` },
    };
  }
  try {
    const scored = definition.score(input, metric.params);
    if (!isThenable(scored)) return checkResult(metric.type, scored);
    return Promise.resolve(scored).then(
      (result) => checkResult(metric.type, result),
      (e: unknown) => thrownResult(metric, e),
    );
  } catch (e) {
    return thrownResult(metric, e);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function thrownResult(metric: ResolvedMetric, e: unknown): ScoreResult {
  return {
    score: null,
    error: { kind: 'metric_error', message: `${metric.type} failed: ${(e as Error).message}` },
  };
}

/**
 * The result an example-stage metric gets when the invoke failed: 0, or null for a measurement —
 * the efficiency family, and a metric that only measures on this example (`measuresOnly`:
 * refusal_rate without should_refuse, whose failed invokes were its only scores, 0, QA98). What the
 * failed invoke left (`trajectory`) gives a metric its `failedValue` (invalid_action_rate, QA98).
 */
export function invokeFailureResult(
  definition: MetricDefinition,
  error: Pick<StepError, 'kind'> | { kind: 'unknown' },
  metric?: ResolvedMetric,
  example?: ExampleInfo,
  trajectory?: Trajectory,
): ScoreResult {
  const details = { invokeError: error.kind };
  if (definition.family === 'efficiency') return { score: null, details };
  const value =
    trajectory && definition.stage === 'example' ? definition.failedValue?.(trajectory) : undefined;
  if (value !== undefined) return { score: 0, pass: false, value, details };
  if (
    definition.stage === 'example' &&
    metric !== undefined &&
    example !== undefined &&
    definition.measuresOnly?.(metric.params, example) === true
  )
    return { score: null, details };
  return { score: 0, pass: false, details };
}

/** A task's metrics split by stage, with their definitions: the same for every repeat of every example. */
interface MetricStages {
  example: ResolvedMetric[];
  /** The example-stage metrics that gate explicitly (`isGating`). */
  gating: ResolvedMetric[];
  /** Without those, the metrics that may decide (`gatingMetrics`): not `gate: false`; measurements marked. */
  fallback: { metric: ResolvedMetric; measurement: boolean }[];
  derived: { metric: ResolvedMetric; definition: DerivedStageDefinition<unknown> }[];
}

/** Stages by metrics array (a task's list is built once and passed for each repeat). */
const stagesByMetrics = new WeakMap<readonly ResolvedMetric[], MetricStages>();

function stagesOf(metrics: ResolvedMetric[]): MetricStages {
  let stages = stagesByMetrics.get(metrics);
  if (stages) return stages;
  const example: ResolvedMetric[] = [];
  const derived: MetricStages['derived'] = [];
  for (const metric of metrics) {
    const definition = getMetricDefinition(metric.type);
    if (definition?.stage === 'example') example.push(metric);
    else if (definition?.stage === 'derived') derived.push({ metric, definition });
  }
  const fallback = example
    .filter((m) => m.gate !== false)
    .map((metric) => ({ metric, measurement: getMetricDefinition(metric.type)?.family === 'efficiency' }));
  stages = { example, gating: example.filter(isGating), fallback, derived };
  stagesByMetrics.set(metrics, stages);
  return stages;
}

/** Whether every metric that decides the repeat's pass passes (the pass rule, as `gatingMetrics` picks them). */
function gatesPass(stages: MetricStages, results: Record<string, ScoreResult>): boolean {
  if (stages.gating.length > 0) {
    for (const metric of stages.gating) if (!metricPasses(metric, results[metric.id])) return false;
    return true;
  }
  for (const { metric, measurement } of stages.fallback) {
    const result = results[metric.id];
    const decides = result?.pass !== undefined || (result?.error !== undefined && !measurement);
    if (decides && !metricPasses(metric, result)) return false;
  }
  return true;
}

/**
 * Computes the repeat's pass and its derived metrics from the example-stage results. `metrics` is
 * read as a task's fixed list: its split by stage is kept for the next call with the same array.
 */
export function deriveRepeat(
  metrics: ResolvedMetric[],
  results: Record<string, ScoreResult>,
  invoke: { error?: StepError; durationMs?: number },
): { pass: boolean; results: Record<string, ScoreResult> } {
  const stages = stagesOf(metrics);
  const pass = !invoke.error && gatesPass(stages, results);
  const all: Record<string, ScoreResult> = { ...results };
  if (stages.derived.length === 0) return { pass, results: all };
  const input: DerivedInput = {
    results,
    metrics: stages.example,
    pass,
    ...(invoke.error ? { invokeError: invoke.error } : {}),
    ...(invoke.durationMs === undefined ? {} : { durationMs: invoke.durationMs }),
  };
  for (const { metric, definition } of stages.derived)
    all[metric.id] = checkResult(metric.type, definition.derive(input, metric.params));
  return { pass, results: all };
}

/** What the executor knows about one metric's judge step (resolved from the plan). */
export interface MetricContext {
  judge?: JudgeClient;
  rubric?: RubricInfo;
  /** The metric's rendered `content` template. */
  content?: string;
}

export interface ScoreExampleRequest {
  repeat: number;
  /** All metrics of the task (global + task); only example and derived stages run here. */
  metrics: ResolvedMetric[];
  /** Everything ScoreInput needs except the per-metric judge context. */
  input: Omit<ScoreInput, 'judge' | 'rubric' | 'content'>;
  /** Per metric id: judge client, rubric and rendered content. */
  context?: Record<string, MetricContext>;
  /** Set when the invoke or the extraction failed (input.trajectory is then ignored). */
  invokeError?: StepError;
}

/** Scores one repeat: every example-stage metric, then pass and derived metrics. */
export async function scoreExample(request: ScoreExampleRequest): Promise<RepeatResult> {
  const results: Record<string, ScoreResult> = {};
  for (const m of request.metrics) {
    const definition = getMetricDefinition(m.type);
    if (definition?.stage !== 'example') continue;
    if (request.invokeError) {
      results[m.id] = invokeFailureResult(definition, request.invokeError, m, request.input.example);
      continue;
    }
    const ctx = request.context?.[m.id] ?? {};
    results[m.id] = await scoreMetric(m, { ...request.input, ...ctx });
  }
  const derived = deriveRepeat(request.metrics, results, {
    durationMs: request.input.durationMs,
    ...(request.invokeError ? { error: request.invokeError } : {}),
  });
  return {
    repeat: request.repeat,
    candidates: request.input.candidates,
    durationMs: request.input.durationMs,
    results: derived.results,
    pass: derived.pass,
    ...(request.invokeError ? { error: request.invokeError } : {}),
  };
}
