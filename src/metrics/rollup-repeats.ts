/**
 * Rolling up the k repeats of one example into an ExampleOutcome: example/derived metrics are
 * averaged over repeats (score: mean of non-null scores; value: mean of defined values; pass:
 * every repeat passed — against the metric's `threshold` when it has one, so a judge with a
 * threshold has a pass like a binary check; details kept only when k = 1), repeats-stage metrics (pass_at_k,
 * pass_hat_k, consistency, judge_stability) are computed over the repeats.
 */

import { reachesThreshold } from './decimal-round.js';
import { getMetricDefinition } from './registry.js';
import { overflowScale } from './stats/overflow-scale.js';
import type {
  ExampleInfo,
  ExampleMetricResult,
  ExampleOutcome,
  RepeatResult,
  ResolvedMetric,
  ScoreResult,
} from './types.js';

export interface RollupRequest {
  example: Pick<ExampleInfo, 'id' | 'weight' | 'human_score'>;
  metrics: ResolvedMetric[];
  /** The repeats in repeat order. */
  repeats: RepeatResult[];
}

/** A repeat's pass of one metric: against its `threshold` when it has one (as the pass rule reads it). */
function repeatPass(metric: ResolvedMetric, r: ScoreResult): boolean | undefined {
  // A repeat that errored did not reach the threshold: it fails, as in the pass rule.
  if (metric.threshold !== undefined)
    return !r.error && r.score !== null && reachesThreshold(r.score, metric.threshold);
  return r.pass;
}

/** One metric over the repeats, in one pass (no array per figure: 100k examples × metrics). */
function summarize(metric: ResolvedMetric, repeats: readonly RepeatResult[]): ExampleMetricResult {
  let present = 0;
  let only: ScoreResult | undefined;
  let errors = 0;
  // mean(): the sum in repeat order over the count, as `weightedMean` computes it
  let scoreSum = 0;
  let scores = 0;
  let valueSum = 0;
  let values = 0;
  let passes = 0;
  let allPassed = true;
  for (const repeat of repeats) {
    const r = repeat.results[metric.id];
    if (r === undefined) continue;
    present++;
    only ??= r;
    if (r.score !== null) {
      scoreSum += r.score ?? 0;
      scores++;
    }
    if (r.value !== undefined) {
      valueSum += r.value ?? 0;
      values++;
    }
    const pass = repeatPass(metric, r);
    if (pass !== undefined) {
      passes++;
      if (!pass) allPassed = false;
    }
    if (r.error) errors++;
  }
  const summary: ExampleMetricResult = { score: scores > 0 ? scoreSum / scores : null, errors };
  if (values > 0)
    summary.value = Number.isFinite(valueSum) ? valueSum / values : scaledMean(metric, repeats, values);
  if (passes > 0) summary.pass = allPassed;
  if (present === 1 && only) {
    if (only.details !== undefined) summary.details = only.details;
    if (only.error) summary.details = { error: only.error.kind, message: only.error.message };
  }
  return summary;
}

/**
 * The mean value of repeats whose values are finite but sum beyond a double's range (numeric's
 * absolute error of 1.7976931348623157e308 on 2 repeats summed to Infinity, and the example lost
 * its value in the lock, QA175): summed scaled by a power of two, and scaled back.
 */
function scaledMean(metric: ResolvedMetric, repeats: readonly RepeatResult[], count: number): number {
  let largest = 0;
  for (const repeat of repeats) largest = Math.max(largest, Math.abs(repeat.results[metric.id]?.value ?? 0));
  const scale = overflowScale(largest, count);
  let sum = 0;
  for (const repeat of repeats) {
    const v = repeat.results[metric.id]?.value;
    if (v !== undefined) sum += v * scale;
  }
  return sum / count / scale;
}

/**
 * The repeats as repeats-stage metrics read them: each result of a metric with a `threshold`
 * carries that pass (score ≥ threshold). pass_at_k / pass_hat_k with `metric: j` counted a
 * repeat as passed only when j's score was 1 (a judge has no `pass` of its own): a judge at
 * 0.8 on every repeat with threshold 0.7 had pass = true in the row and pass^k = 0.
 */
function withThresholdPasses(metrics: ResolvedMetric[], repeats: RepeatResult[]): RepeatResult[] {
  const thresholded = metrics.filter((m) => m.threshold !== undefined);
  if (thresholded.length === 0) return repeats;
  return repeats.map((r) => {
    const results = { ...r.results };
    for (const m of thresholded) {
      const res = results[m.id];
      if (res) results[m.id] = { ...res, pass: repeatPass(m, res) ?? false };
    }
    return { ...r, results };
  });
}

export function rollupRepeats(request: RollupRequest): ExampleOutcome {
  const metrics: Record<string, ExampleMetricResult> = {};
  let judged: RepeatResult[] | undefined;
  for (const m of request.metrics) {
    const d = getMetricDefinition(m.type);
    if (!d) continue;
    if (d.stage === 'example' || d.stage === 'derived') {
      metrics[m.id] = summarize(m, request.repeats);
    } else if (d.stage === 'repeats') {
      judged ??= withThresholdPasses(request.metrics, request.repeats);
      const r = d.rollup(judged, m.params);
      const summary: ExampleMetricResult = { score: r.score, errors: r.error ? 1 : 0 };
      if (r.value !== undefined) summary.value = r.value;
      if (r.pass !== undefined) summary.pass = r.pass;
      // A threshold gives any metric a pass of its own (the pass rule), repeats-stage ones too:
      // pass_hat_k with threshold: 1 had no pass in the lock row, report or junit.xml.
      else if (m.threshold !== undefined)
        summary.pass = !r.error && r.score !== null && reachesThreshold(r.score, m.threshold);
      if (r.details !== undefined) summary.details = r.details;
      if (r.error) summary.details = { error: r.error.kind, message: r.error.message };
      metrics[m.id] = summary;
    }
  }
  const outcome: ExampleOutcome = {
    example: request.example.id,
    weight: request.example.weight ?? 1,
    invokeErrors: request.repeats.filter((r) => r.error).length,
    repeats: request.repeats.length,
    metrics,
  };
  if (typeof request.example.human_score === 'number') outcome.human_score = request.example.human_score;
  return outcome;
}
