/**
 * One repeat of one example, scored: every example-stage metric (from the cache when its score
 * key is there), then the derived ones (`pass_rate`, …). A metric evalc computes caches its
 * failure like a score; a judge's failure is never cached (its server may recover). Judges'
 * reported rubric versions and models are noted for the lockfile, their warnings logged once.
 */

import { createHash } from 'node:crypto';
import { exampleContext, renderTemplate } from '../binding/template.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import type { ExampleSteps } from '../compiler/step-keys.js';
import {
  deriveRepeat,
  type ExampleInfo,
  type ExampleStageDefinition,
  judgedContent,
  type ResolvedMetric as LibMetric,
  type RepeatResult,
  type ScoreInput,
  type ScoreResult,
} from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';
import { invokeFailureResult, scoreMetricNow } from '../metrics/score-example.js';
import { metricError } from '../metrics/score-result.js';
import type { StepError, Trajectory } from '../protocols/types.js';
import { verdictCachingJudge } from './judge-verdict-cache.js';
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
  /** What a failed invoke left (a `mae` conversation cut short): some metrics measure it. */
  failedTrajectory?: Trajectory,
): Promise<RepeatResult> {
  const results: Record<string, ScoreResult> = {};
  const plan = scorePlanOf(rt.metrics);
  const example = step.example;
  for (const { metric, definition } of plan.example) {
    const key = step.scoreKeys[metric.lib.id];
    if (error || !record) {
      results[metric.lib.id] = invokeFailureResult(
        definition,
        error ?? { kind: 'unknown' },
        metric.lib,
        example as unknown as ExampleInfo,
        // An extraction that failed on a whole reply: what the agent did is that reply's.
        definition.failedValue ? (failedTrajectory ?? record?.trajectory()) : undefined,
      );
      continue;
    }
    const cached = key && !fresh && !rt.refresh ? rt.store.get<ScoreResult>(key) : undefined;
    const content =
      cached && !metric.judgeId ? undefined : renderContent(rt, metric.lib.id, example, candidates);
    // A judge's verdict an evalc before QA297 cached for a content that cannot be rendered was a
    // verdict on an empty text (the score key is the same): it is that content's failure (QA308).
    if (cached && !(metric.judgeId && typeof content === 'object' && !cached.error)) {
      results[metric.lib.id] = cached;
      noteRubricVersion(rt, metric, cached);
      rt.onStage?.({ kind: 'score', id: step.id, metric: metric.lib.id, cached: true, error: cached.error });
      continue;
    }
    // Built in the order the optional members had when spread in (nothing to copy per metric).
    const input = { candidates, expected: example.expected } as ScoreInput;
    if (example.expected_sha256 !== undefined) input.expectedSha256 = example.expected_sha256;
    input.example = example as unknown as ExampleInfo;
    input.trajectory = record.trajectory();
    input.durationMs = record.durationMs;
    input.prices = rt.prices;
    input.signal = rt.signal;
    if (metric.judge) {
      // Its failure is noted at this call's place in the lock, not when its reply came (QA302).
      const judge =
        metric.judgeAt && rt.orderOf
          ? metric.judgeAt(() => [...rt.orderOf!(example), step.repeat, rt.metrics.indexOf(metric)])
          : metric.judge;
      input.judge = metric.verdictCache ? verdictCachingJudge(judge, metric.verdictCache, step.id) : judge;
    }
    if (metric.rubric) input.rubric = metric.rubric;
    if (metric.sendsExpected) input.sendsExpected = true;
    if (typeof content === 'string') input.content = content;
    // a content that failed to render is this metric's error, the judge not asked (QA297: it was sent '')
    const scored = typeof content === 'object' ? content.failed : scoreMetricNow(metric.lib, input);
    const result = scored instanceof Promise ? await scored : scored;
    if (result.error) {
      Object.assign(result, scrubValue(rt, { error: result.error, details: result.details }));
      if (result.details === undefined) delete result.details;
      rt.log(`${step.id}: ${metric.lib.id}: ${result.error.kind}: ${result.error.message}`);
      // A metric evalc computes fails the same way on the same inputs (no model to price): it
      // is cached like a score. A judge's failure may be its server's: never cached, retried —
      // but evalc's own failure on the judge's verdict (a dimension scored outside [0, 1], none of
      // that id) is evalc's, and the verdict is cached: so is it (QA225: else every apply scored
      // it again and --frozen refused the plan for good, "a judge's failure is never cached").
      if (key && (!metric.judgeId || failedOnVerdict(result) || typeof content === 'object'))
        rt.store.put(key, 'score', result);
      // …but why it failed is kept beside the step for the reports (never read as a result). A
      // call the first Ctrl-C cancelled failed for no reason of its own: no note, as for an invoke
      // (QA159: one per example whose answer was kept, counted by `cache stats`).
      else if (key && result.error.kind !== 'cancelled')
        rt.store.put(lastErrorKey(key), 'score-error', { error: result.error });
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
  const invoke: { error?: StepError; durationMs?: number } = {};
  if (error) invoke.error = error;
  if (record) invoke.durationMs = record.durationMs;
  const derived = deriveRepeat(plan.libMetrics, results, invoke);
  if (!error) {
    for (const metric of plan.derived) {
      const key = step.scoreKeys[metric.lib.id];
      const r = derived.results[metric.lib.id];
      if (!r) continue;
      const cached = key !== undefined && rt.store.has(key);
      if (key && !r.error && !cached) rt.store.put(key, 'score', r);
      rt.onStage?.({ kind: 'score', id: step.id, metric: metric.lib.id, cached, error: r.error });
    }
  }
  // Built in key order: repeat, candidates, durationMs, results, pass, error.
  const repeat = { repeat: step.repeat, candidates } as RepeatResult;
  if (record) repeat.durationMs = record.durationMs;
  repeat.results = derived.results;
  repeat.pass = derived.pass;
  if (error) repeat.error = error;
  else judgedTexts(rt, plan, example, candidates, repeat);
  return repeat;
}

/**
 * What each judge metric's judge was given on this repeat, as a digest (cached scores too: the text
 * is rendered from the example and the candidates alone): judge_stability compares the repeats that
 * gave it the same text. QA121: grouped by candidates, a `content:` reading only the example (the
 * same text on every repeat) was split by answers the judge never saw (no figure).
 */
function judgedTexts(
  rt: GroupRuntime,
  plan: ScorePlan,
  example: ResolvedExample,
  candidates: Record<string, unknown>,
  repeat: RepeatResult,
): void {
  for (const { metric } of plan.example) {
    if (!metric.judgeId) continue;
    const content = renderContent(rt, metric.lib.id, example, candidates);
    if (typeof content === 'object') continue; // nothing was judged
    const candidate = (metric.lib.params as { candidate?: unknown }).candidate;
    const text = judgedContent(
      content === undefined ? { candidates } : { candidates, content },
      typeof candidate === 'string' ? candidate : undefined,
    );
    repeat.judgedText ??= {};
    repeat.judgedText[metric.lib.id] = createHash('sha256').update(text).digest('hex');
  }
}

/** A group's metrics as scoring walks them: the same for every example. */
interface ScorePlan {
  /** The library metrics, one array for every call (`deriveRepeat` keeps its split of it). */
  libMetrics: LibMetric[];
  /** Example-stage metrics, with their definitions, in plan order. */
  example: { metric: MetricRuntime; definition: ExampleStageDefinition<unknown> }[];
  /** Derived metrics (`pass_rate`…), in plan order. */
  derived: MetricRuntime[];
}

const scorePlans = new WeakMap<MetricRuntime[], ScorePlan>();

function scorePlanOf(metrics: MetricRuntime[]): ScorePlan {
  let plan = scorePlans.get(metrics);
  if (plan) return plan;
  plan = { libMetrics: metrics.map((m) => m.lib), example: [], derived: [] };
  for (const metric of metrics) {
    const definition = getMetricDefinition(metric.lib.type);
    if (definition?.stage === 'example') plan.example.push({ metric, definition });
    else if (definition?.stage === 'derived') plan.derived.push(metric);
  }
  scorePlans.set(metrics, plan);
  return plan;
}

/**
 * A judge's own warnings (composite mismatch, legacy rubricVersion scheme) go to the run log, each
 * distinct one once; how many verdicts of each judge carried one is kept for the end of the run,
 * where apply says so on stderr (`judgeWarningCounts`; QA97: they reached run.log only).
 */
function logJudgeWarnings(
  rt: GroupRuntime,
  stepId: string,
  metric: MetricRuntime,
  result: ScoreResult,
): void {
  const details = result.details;
  if (!metric.judgeId || details === null || typeof details !== 'object' || Array.isArray(details)) return;
  const warnings = (details as Record<string, unknown>).warnings;
  if (!Array.isArray(warnings) || warnings.length === 0) return;
  // A judge's warning usually repeats on every verdict (a server that refused json_schema): each
  // distinct one is logged once per run, at its first example.
  let state = judgeWarningsSeen.get(rt.rubricVersions);
  if (!state) judgeWarningsSeen.set(rt.rubricVersions, (state = { seen: new Set(), counts: new Map() }));
  const count = state.counts.get(metric.judgeId);
  if (count) count.verdicts += 1;
  else state.counts.set(metric.judgeId, { verdicts: 1, first: rt.scrub(String(warnings[0])) });
  for (const w of warnings) {
    const text = `judge ${metric.judgeId} (${metric.lib.id}) warning: ${rt.scrub(String(w))}`;
    if (state.seen.has(text)) continue;
    state.seen.add(text);
    rt.log(`${stepId}: ${text} (logged once; later examples may repeat it)`);
  }
}

export interface JudgeWarningCount {
  /** Verdicts of the judge that carried at least one warning this run. */
  verdicts: number;
  /** The first warning seen (scrubbed). */
  first: string;
}

/** Judge warnings already logged, and counted per judge, per run (keyed by the run's shared rubric-version map). */
const judgeWarningsSeen = new WeakMap<
  object,
  { seen: Set<string>; counts: Map<string, JudgeWarningCount> }
>();

/** Per judge id, the verdicts of this run (its `rubricVersions` map) that carried warnings. */
export function judgeWarningCounts(rubricVersions: object): ReadonlyMap<string, JudgeWarningCount> {
  return judgeWarningsSeen.get(rubricVersions)?.counts ?? new Map();
}

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
): string | undefined | { failed: ScoreResult } {
  const metric = rt.compiled.group.metrics.find((m) => m.id === metricId);
  if (!metric?.content) return undefined;
  const context = {
    ...exampleContext(example),
    candidate: candidates,
    candidates,
    expected: example.expected,
  };
  const rendered = renderTemplate(metric.content, context);
  // A value of the agent's the template cannot print (an object, a list, QA333; one with its own
  // `toString` field was sent as an empty text, its verdict kept in silence, QA297): said.
  if (!rendered.ok) return { failed: metricError(contentFailure(rendered.error.message)) };
  return typeof rendered.value === 'string' ? rendered.value : JSON.stringify(rendered.value);
}

function contentFailure(message: string): string {
  return `content could not be rendered for this example: ${message}; the judge was not asked`;
}

/** A judge metric's metric_error on a verdict the judge gave (its details carry the verdict's score). */
function failedOnVerdict(result: ScoreResult): boolean {
  const details = result.error?.details;
  return (
    result.error?.kind === 'metric_error' &&
    details !== null &&
    typeof details === 'object' &&
    !Array.isArray(details) &&
    'judgeScore' in details
  );
}
