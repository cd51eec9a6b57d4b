/**
 * An example's row of the lockfile's results table: per metric its score (12 significant
 * digits), pass, error and step keys; volatile measurements (durations, tokens, cost) stay out.
 */

import type { CompiledGroup } from '../compiler/compile.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import type { ExampleSteps } from '../compiler/step-keys.js';
import type { LockMetricResult, LockResult } from '../lockfile/types.js';
import type { ExampleOutcome, RepeatResult } from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';

/** Metric ids of a group in sorted order, once per group. */
const sortedMetricsOf = new WeakMap<CompiledGroup, CompiledGroup['group']['metrics']>();

/**
 * The example's lockfile row, built with its keys in sorted order (as the lockfile writes them)
 * so writing it needs no sorted copy.
 */
export function lockResult(
  compiled: CompiledGroup,
  example: ResolvedExample,
  steps: ExampleSteps[],
  outcome: ExampleOutcome,
  repeats: RepeatResult[],
  invoke: (string | null)[],
  errors: (string | null)[],
): LockResult {
  let sortedMetrics = sortedMetricsOf.get(compiled);
  if (!sortedMetrics) {
    sortedMetrics = [...compiled.group.metrics].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    sortedMetricsOf.set(compiled, sortedMetrics);
  }
  const metrics: Record<string, LockMetricResult> = {};
  for (const metric of sortedMetrics) {
    const summary = outcome.metrics[metric.id];
    if (!summary) continue;
    const keys: string[] = [];
    for (const s of steps) {
      const k = s.scoreKeys[metric.id];
      if (k !== undefined) keys.push(k);
    }
    const value =
      summary.value === undefined || isVolatileMeasure(metric.type) ? null : roundScore(summary.value);
    // Sorted: error, errors, key, keys, pass, score, value.
    const entry = {} as LockMetricResult;
    const failed = repeats.find((r) => !r.error && r.results[metric.id]?.error);
    if (failed) entry.error = failed.results[metric.id]!.error!.kind;
    if (summary.errors > 0) entry.errors = summary.errors;
    if (keys.length === 1) entry.key = keys[0]!;
    else if (keys.length > 1) entry.keys = keys;
    if (summary.pass !== undefined) entry.pass = summary.pass;
    entry.score = roundScore(summary.score);
    if (value !== null) entry.value = value;
    metrics[metric.id] = entry;
  }
  // Sorted: errors, example, group, human_score, invoke, metrics, pass, weight.
  const result = {} as LockResult;
  if (errors.some((e) => e !== null)) result.errors = errors;
  result.example = example.id;
  result.group = compiled.group.id;
  if (example.human_score !== undefined) result.human_score = example.human_score;
  result.invoke = invoke;
  result.metrics = metrics;
  result.pass = repeats.length === 0 ? null : repeats.every((r) => r.pass);
  result.weight = example.weight;
  return result;
}

const VOLATILE_UNITS = new Set(['ms', 'tokens', 'USD']);

/**
 * Measurements that change between identical runs (durations, token counts, their cost) stay
 * out of the lockfile's results and aggregates; the `volatile` section keeps per-group figures.
 */
export function isVolatileMeasure(type: string): boolean {
  const unit = getMetricDefinition(type)?.unit;
  return unit !== undefined && VOLATILE_UNITS.has(unit);
}

/** Scores are stored with 12 significant digits so float noise never changes a lockfile. */
export function roundScore(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (Number.isInteger(value) && Math.abs(value) < 1e12) return value; // 0 and 1, mostly: exact already
  return Number(value.toPrecision(12));
}
