/**
 * One repeat of one example, scored: every example-stage metric (from the cache when its score
 * key is there), then the derived ones (`pass_rate`, …). A metric evalc computes caches its
 * failure like a score; a judge's failure is never cached (its server may recover). Judges'
 * reported rubric versions and models are noted for the lockfile, their warnings logged once.
 */

import { exampleContext, renderTemplate } from '../binding/template.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import type { ExampleSteps } from '../compiler/step-keys.js';
import {
  deriveRepeat,
  type ExampleInfo,
  type RepeatResult,
  type ScoreResult,
  scoreMetric,
} from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';
import type { StepError, Trajectory } from '../protocols/types.js';
import type { GroupRuntime, MetricRuntime } from './run-example.js';
import { scrubValue } from './scrub-values.js';
import { lastErrorKey } from './step-records.js';

/** What scoring needs of a completed invoke; the trajectory is read only when a score is computed. */
export interface InvokeView {
  durationMs: number;
  trajectory: () => Trajectory;
}

export async function scoreRepeat(
  rt: GroupRuntime,
  step: ExampleSteps,
  record: InvokeView | undefined,
  candidates: Record<string, unknown>,
  error: StepError | undefined,
  fresh = false,
): Promise<RepeatResult> {
  const results: Record<string, ScoreResult> = {};
  const libMetrics = rt.metrics.map((m) => m.lib);
  const example = step.example;
  for (const metric of rt.metrics) {
    const definition = getMetricDefinition(metric.lib.type);
    if (definition?.stage !== 'example') continue;
    const key = step.scoreKeys[metric.lib.id];
    if (error || !record) {
      results[metric.lib.id] =
        definition.family === 'efficiency'
          ? { score: null, details: { invokeError: error?.kind ?? 'unknown' } }
          : { score: 0, pass: false, details: { invokeError: error?.kind ?? 'unknown' } };
      continue;
    }
    const cached = key && !fresh && !rt.refresh ? rt.store.get<ScoreResult>(key) : undefined;
    if (cached) {
      results[metric.lib.id] = cached;
      noteRubricVersion(rt, metric, cached);
      rt.onStage?.({ kind: 'score', id: step.id, metric: metric.lib.id, cached: true, error: cached.error });
      continue;
    }
    const content = renderContent(rt, metric.lib.id, example, candidates);
    const result = await scoreMetric(metric.lib, {
      candidates,
      expected: example.expected,
      ...(example.expected_sha256 === undefined ? {} : { expectedSha256: example.expected_sha256 }),
      example: example as unknown as ExampleInfo,
      trajectory: record.trajectory(),
      durationMs: record.durationMs,
      prices: rt.prices,
      signal: rt.signal,
      ...(metric.judge ? { judge: metric.judge } : {}),
      ...(metric.rubric ? { rubric: metric.rubric } : {}),
      ...(content === undefined ? {} : { content }),
    });
    if (result.error) {
      Object.assign(result, scrubValue(rt, { error: result.error, details: result.details }));
      if (result.details === undefined) delete result.details;
      rt.log(`${step.id}: ${metric.lib.id}: ${result.error.kind}: ${result.error.message}`);
      // A metric evalc computes fails the same way on the same inputs (no model to price): it
      // is cached like a score. A judge's failure may be its server's: never cached, retried.
      if (key && !metric.judgeId) rt.store.put(key, 'score', result);
      // …but why it failed is kept beside the step for the reports (never read as a result).
      else if (key) rt.store.put(lastErrorKey(key), 'score-error', { error: result.error });
    } else {
      // A judge's rationale may quote what it was sent or its own credentials (a stdio judge's
      // reply is not masked by an HTTP transport): masked before it is kept or reported.
      if (metric.judgeId) Object.assign(result, scrubValue(rt, result));
      if (key) rt.store.put(key, 'score', result);
    }
    results[metric.lib.id] = result;
    noteRubricVersion(rt, metric, result);
    logJudgeWarnings(rt, step.id, metric, result);
    rt.onStage?.({ kind: 'score', id: step.id, metric: metric.lib.id, cached: false, error: result.error });
  }
  const derived = deriveRepeat(libMetrics, results, {
    ...(error ? { error } : {}),
    ...(record ? { durationMs: record.durationMs } : {}),
  });
  for (const metric of rt.metrics) {
    const key = step.scoreKeys[metric.lib.id];
    const stage = getMetricDefinition(metric.lib.type)?.stage;
    const r = derived.results[metric.lib.id];
    if (stage !== 'derived' || !r || error) continue;
    const cached = key !== undefined && rt.store.has(key);
    if (key && !r.error && !cached) rt.store.put(key, 'score', r);
    rt.onStage?.({ kind: 'score', id: step.id, metric: metric.lib.id, cached, error: r.error });
  }
  return {
    repeat: step.repeat,
    candidates,
    ...(record ? { durationMs: record.durationMs } : {}),
    results: derived.results,
    pass: derived.pass,
    ...(error ? { error } : {}),
  };
}

/** A judge's own warnings (composite mismatch, legacy rubricVersion scheme) go to the run log. */
function logJudgeWarnings(
  rt: GroupRuntime,
  stepId: string,
  metric: MetricRuntime,
  result: ScoreResult,
): void {
  const details = result.details;
  if (!metric.judgeId || details === null || typeof details !== 'object' || Array.isArray(details)) return;
  const warnings = (details as Record<string, unknown>).warnings;
  if (!Array.isArray(warnings)) return;
  // A judge's warning usually repeats on every verdict (a server that refused json_schema): each
  // distinct one is logged once per run, at its first example.
  let seen = judgeWarningsSeen.get(rt.rubricVersions);
  if (!seen) judgeWarningsSeen.set(rt.rubricVersions, (seen = new Set()));
  for (const w of warnings) {
    const text = `judge ${metric.judgeId} (${metric.lib.id}) warning: ${rt.scrub(String(w))}`;
    if (seen.has(text)) continue;
    seen.add(text);
    rt.log(`${stepId}: ${text} (logged once; later examples may repeat it)`);
  }
}

/** Judge warnings already logged, per run (keyed by the run's shared rubric-version map). */
const judgeWarningsSeen = new WeakMap<object, Set<string>>();

function noteRubricVersion(rt: GroupRuntime, metric: MetricRuntime, result: ScoreResult): void {
  const details = result.details;
  if (!metric.judgeId || details === null || typeof details !== 'object' || Array.isArray(details)) return;
  const { rubricVersion: version, model } = details as Record<string, unknown>;
  if (typeof model === 'string' && rt.judgeModels) {
    const models = rt.judgeModels.get(metric.judgeId) ?? new Set<string>();
    models.add(model);
    rt.judgeModels.set(metric.judgeId, models);
  }
  if (typeof version !== 'string') return;
  const set = rt.rubricVersions.get(metric.judgeId) ?? new Set<string>();
  set.add(version);
  rt.rubricVersions.set(metric.judgeId, set);
}

function renderContent(
  rt: GroupRuntime,
  metricId: string,
  example: ResolvedExample,
  candidates: Record<string, unknown>,
): string | undefined {
  const metric = rt.compiled.group.metrics.find((m) => m.id === metricId);
  if (!metric?.content) return undefined;
  const context = {
    ...exampleContext(example),
    candidate: candidates,
    candidates,
    expected: example.expected,
  };
  const rendered = renderTemplate(metric.content, context);
  if (!rendered.ok) return '';
  return typeof rendered.value === 'string' ? rendered.value : JSON.stringify(rendered.value);
}
