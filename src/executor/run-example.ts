/**
 * One example of one group, all repeats: invoke (or reuse the cached response), extract the
 * candidates, score every metric, roll the repeats up. Each completed step is written to the
 * cache at once, so a run killed at any moment resumes without calling an agent again for a
 * step that had completed. Failures are values: a failed invoke is never cached and its error
 * kind is recorded for the example.
 */
import { exampleContext, renderTemplate } from '../binding/template.js';
import type { CompiledGroup } from '../compiler/compile.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import { type ExampleSteps, exampleSteps } from '../compiler/step-keys.js';
import type { LockMetricResult, LockResult } from '../lockfile/types.js';
import {
  deriveRepeat,
  type ExampleInfo,
  type ExampleOutcome,
  type ResolvedMetric as LibMetric,
  type RepeatResult,
  type RubricInfo,
  rollupRepeats,
  type ScoreResult,
  scoreMetric,
} from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';
import type { Admission, RateLimiter } from '../protocols/http/rate-limiter.js';
import type { JudgeClient } from '../protocols/judge-types.js';
import type { AgentAdapter, StepError, Trajectory } from '../protocols/types.js';
import type { StepStore } from './cache-store.js';
import { afterIo, type InvokeGate } from './invoke-gate.js';
import type { StageEvent } from './progress.js';
import { exampleDigestLine } from './steps-digest.js';

export interface InvokeRecord {
  trajectory: Trajectory;
  durationMs: number;
}

/**
 * A definitive failure (the agent answered, and the answer is a contract or semantic error, a
 * 2xx whose body is not JSON, or a reply over the size limit: `isDefinitiveFailure`) is cached
 * like an answer, so re-applying an unchanged plan calls no agent; `--refresh` retries it.
 * Transient failures (timeouts, resets, 429, 5xx, crashes, cancellation) are never cached.
 */
export interface FailedInvokeRecord {
  failed: StepError;
  durationMs: number;
  /** What the agent did before the failure (an action loop cut at maxTurns, a conversation that broke off), for the drill-down. */
  trajectory?: Trajectory;
}

const DEFINITIVE_KINDS = new Set([
  'contract_error',
  'contract_violation',
  'semantic_mismatch',
  'schema_invalid',
  'unknown_action',
  'max_turns_exceeded',
  'config_error',
  // The agent answered (a 2xx) with something that is not JSON, or too much: asking again
  // gets the same (a judge's such reply is a metric error: never cached, retried next apply).
  'invalid_json',
  'response_too_large',
]);

/** Where the message of an invoke's last transient failure is kept (never read as a result). */
export function lastErrorKey(invokeKey: string): string {
  return `${invokeKey}#last-error`;
}

/**
 * Refused credentials (401, 403, 407) are not an answer about the input: headers never enter a
 * key, so a cached refusal would outlive the token the user fixed. They are not retried within
 * the run (the same token is refused again) but not cached either: the next apply asks again.
 */
const CREDENTIAL_REFUSALS = new Set(['http_401', 'http_403', 'http_407', 'auth_error']);

export function isDefinitiveFailure(error: StepError): boolean {
  if (error.retryable || CREDENTIAL_REFUSALS.has(error.kind)) return false;
  if (DEFINITIVE_KINDS.has(error.kind)) return true;
  const http = /^http_(4\d\d)$/.exec(error.kind);
  return http !== null && http[1] !== '408' && http[1] !== '429';
}

/**
 * The candidates an extraction produced, or why it failed. Records written since extract@1's
 * `durationMs`/`tokens` fields carry what later steps need from the invoke, so a re-apply whose
 * scores are all cached never reads (or parses) the trajectory; records without them (older
 * caches) make the step read the invoke record as before. The fields do not change the
 * candidates, so the extract key (CODE_VERSIONS.extract) is unchanged.
 */
export type ExtractRecord = (
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; error: StepError }
) & {
  /** The invoke's duration and token total, copied from its record (null: the agent reported none). */
  durationMs?: number;
  tokens?: number | null;
};

/** What scoring needs of a completed invoke; the trajectory is read only when a score is computed. */
interface InvokeView {
  durationMs: number;
  trajectory: () => Trajectory;
}

export interface MetricRuntime {
  lib: LibMetric;
  judgeId?: string;
  judge?: JudgeClient;
  rubric?: RubricInfo;
}

export interface GroupRuntime {
  compiled: CompiledGroup;
  adapter: AgentAdapter;
  /** The agent's concurrency limit, shared by its groups; none means unlimited. */
  gate?: InvokeGate;
  /**
   * The agent's `limits.rps` bucket, shared by its groups: an invocation starts only with a token,
   * taken before its clock starts (its duration is the agent's, not the queue's).
   */
  rate?: RateLimiter;
  /** For a `serve:` agent: how its process ended, if it exited mid-run (added to failures' messages). */
  servedExit?: () => string | undefined;
  /** Invokes on their way, by key (shared by the run): identical requests are sent once. */
  inFlight?: Map<string, Promise<void>>;
  metrics: MetricRuntime[];
  store: StepStore;
  runId: string;
  trace: boolean;
  refresh: boolean;
  instructions?: string | undefined;
  prices: Record<string, { input: number; output: number }>;
  signal: AbortSignal;
  /** Aborted at the first Ctrl-C: no new request is sent (steps in flight finish under `signal`). */
  dispatchSignal?: AbortSignal;
  scrub: (text: string) => string;
  /** Whether any secret value is known (else trajectories are kept as they are). */
  hasSecrets?: boolean;
  log: (line: string) => void;
  /** rubricVersion values reported by each judge (pinned in the lockfile). */
  rubricVersions: Map<string, Set<string>>;
  /** Models each judge reported using (pinned in the lockfile when the plan names none). */
  judgeModels?: Map<string, Set<string>>;
  onInvoke: (event: { id: string; cached: boolean; error?: StepError; durationMs?: number }) => void;
  /** A request is about to be sent to the agent for this step. */
  onInvokeStart?: (event: { id: string }) => void;
  /** Its reply (or failure) arrived: the request is no longer in flight (progress). */
  onInvokeEnd?: (event: { id: string }) => void;
  /** An extract or score step finished (only set when someone listens: `apply --json`). */
  onStage?: (event: Omit<StageEvent, 'agent'>) => void;
}

export interface ExampleRun {
  outcome: ExampleOutcome;
  lock: LockResult;
  durationsMs: number[];
  /** Tokens the agent reported over the repeats; null when it reported none. */
  tokens: number | null;
  invoked: number;
  /**
   * An invocation failed and was not cached (a timeout, a 5xx, a failure the adapter marked
   * retryable whatever its kind): the next apply asks again, so the lock is not complete.
   */
  transient: boolean;
  /** This example's line of the run's steps digest (up-to-date.ts). */
  digestLine: string;
}

export async function runExample(rt: GroupRuntime, example: ResolvedExample): Promise<ExampleRun> {
  const { compiled } = rt;
  const steps = exampleSteps(compiled.group, compiled.keys, example);
  const repeats: RepeatResult[] = [];
  const invokeKeys: (string | null)[] = [];
  const errors: (string | null)[] = [];
  const durationsMs: number[] = [];
  let tokens: number | null = null;
  let invoked = 0;
  let transient = false;
  for (const step of steps) {
    const result = await runRepeat(rt, step);
    invoked += result.invoked ? 1 : 0;
    if (result.transient) transient = true;
    repeats.push(result.repeat);
    invokeKeys.push(step.invokeKey ?? null);
    errors.push(result.repeat.error ? result.repeat.error.kind : null);
    if (result.durationMs !== undefined) durationsMs.push(result.durationMs);
    if (result.tokens !== null) tokens = (tokens ?? 0) + result.tokens;
  }
  const libMetrics = rt.metrics.map((m) => m.lib);
  const outcome = rollupRepeats({
    example: {
      id: example.id,
      weight: example.weight,
      ...(example.human_score === undefined ? {} : { human_score: example.human_score }),
    },
    metrics: libMetrics,
    repeats,
  });
  // Details (judge dimensions, rationales) stay in the cache; the run keeps the figures only.
  // (A copy rather than `delete`, which would turn each of the 100k summaries into a slower,
  // larger dictionary-mode object.)
  for (const id in outcome.metrics) {
    const m = outcome.metrics[id];
    if (!m || !('details' in m)) continue;
    const { details: _details, ...figures } = m;
    outcome.metrics[id] = figures;
  }
  return {
    outcome,
    // Built key-sorted (lockResult), as the lockfile writes it: no sorted copy is made to write it.
    lock: lockResult(compiled, example, steps, outcome, repeats, invokeKeys, errors),
    durationsMs,
    tokens,
    invoked,
    transient,
    digestLine: exampleDigestLine(compiled.group.metrics, steps),
  };
}

async function runRepeat(
  rt: GroupRuntime,
  step: ExampleSteps,
): Promise<{
  repeat: RepeatResult;
  invoked: boolean;
  durationMs?: number;
  tokens: number | null;
  transient?: boolean;
}> {
  const { store } = rt;
  if (!step.invokeKey || !step.extractKey) {
    const error: StepError = {
      kind: 'schema_invalid',
      message: `input template failed: ${step.renderError?.message ?? 'unknown'}`,
    };
    return { repeat: await scoreRepeat(rt, step, undefined, {}, error), invoked: false, tokens: null };
  }
  if (!rt.refresh) {
    const reused = await reuseExtract(rt, step, step.invokeKey, step.extractKey);
    if (reused) return reused;
  }
  const cached = rt.refresh ? undefined : store.get<InvokeRecord | FailedInvokeRecord>(step.invokeKey);
  if (cached && 'failed' in cached) {
    rt.onInvoke({ id: step.id, cached: true, durationMs: cached.durationMs, error: cached.failed });
    return {
      repeat: await scoreRepeat(rt, step, undefined, {}, cached.failed),
      invoked: false,
      tokens: null,
    };
  }
  let record = cached;
  let invoked = false;
  let error: StepError | undefined;
  if (record) rt.onInvoke({ id: step.id, cached: true, durationMs: record.durationMs });
  else {
    // The same request already on its way for another example (same rendered input and script):
    // wait for it, then start over, reusing what it cached (or sending it, if it failed).
    const pending = rt.refresh ? undefined : rt.inFlight?.get(step.invokeKey);
    if (pending) {
      await pending;
      return runRepeat(rt, step);
    }
    invoked = true;
    // Identical requests of other examples wait for this one (registered before any await).
    let settle = (): void => {};
    if (rt.inFlight && !rt.refresh)
      rt.inFlight.set(
        step.invokeKey,
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
      );
    try {
      const wait = rt.gate?.acquire();
      if (wait) await wait;
      let outcome: Awaited<ReturnType<AgentAdapter['invoke']>>;
      let admission: Admission | undefined;
      let started = performance.now();
      try {
        // A token of the rps bucket; one still awaited at the first Ctrl-C is never sent. (MAE
        // agents over stdio, a socket or SSE bypass the HTTP transport's own per-attempt bucket:
        // this is their only one.)
        admission = rt.rate ? await rt.rate.admit(rt.dispatchSignal ?? rt.signal) : undefined;
        const admitted = !rt.rate || admission !== undefined;
        started = performance.now();
        // An example that waited for a slot past the first Ctrl-C sends nothing (not cached).
        if (rt.dispatchSignal?.aborted || !admitted)
          outcome = {
            ok: false,
            error: { kind: 'cancelled', message: 'apply interrupted before this request' },
          };
        else {
          rt.onInvokeStart?.({ id: step.id });
          outcome = await rt.adapter.invoke(step.input, {
            runId: rt.runId,
            taskId: rt.compiled.group.taskId,
            datasetId: rt.compiled.group.datasetId,
            example: scriptOf(step.example),
            repeat: step.repeat,
            ...(rt.instructions === undefined ? {} : { instructions: rt.instructions }),
            trace: rt.trace,
            signal: rt.signal,
            log: (line) => rt.log(`${step.id}: ${rt.scrub(line)}`),
          });
          rt.onInvokeEnd?.({ id: step.id });
        }
      } finally {
        rt.gate?.release();
        if (admission) rt.rate?.settle(admission);
      }
      const durationMs = Math.round(performance.now() - started);
      // The slot went to the next example; this one's bookkeeping waits until the replies read in
      // this turn have all sent their next request.
      if (rt.gate) await afterIo();
      if (outcome.ok) {
        const trajectory = scrubTrajectory(
          rt,
          rt.trace ? outcome.trajectory : withoutRaw(outcome.trajectory),
        );
        record = { trajectory, durationMs };
        store.put(step.invokeKey, 'invoke', record);
      } else {
        // The whole error: its details (a crashed process's stderr tail…) may quote a secret too.
        error = scrubValue(rt, outcome.error);
        const exited = rt.servedExit?.();
        if (exited && error.kind !== 'cancelled')
          error = { ...error, message: `${error.message} — ${exited}` };
        const partial = outcome.trajectory
          ? scrubTrajectory(rt, rt.trace ? outcome.trajectory : withoutRaw(outcome.trajectory))
          : undefined;
        const failed: FailedInvokeRecord = {
          failed: error,
          durationMs,
          ...(partial ? { trajectory: partial } : {}),
        };
        if (isDefinitiveFailure(error)) store.put(step.invokeKey, 'invoke-failed', failed);
        // A transient failure is never reused (the next apply retries it), but its message is kept
        // beside the step for the reports (`reportSources`): why did this example time out or crash?
        else if (error.kind !== 'cancelled') store.put(lastErrorKey(step.invokeKey), 'invoke-error', failed);
      }
      rt.onInvoke({ id: step.id, cached: false, durationMs, ...(error ? { error } : {}) });
    } finally {
      rt.inFlight?.delete(step.invokeKey);
      settle();
    }
  }
  const tokens = record?.trajectory.usage.totalTokens ?? null;
  if (!record)
    return {
      repeat: await scoreRepeat(rt, step, undefined, {}, error),
      invoked,
      tokens,
      // Not cached: the next apply asks again (the lock says it is not complete).
      transient: error !== undefined && invoked && !isDefinitiveFailure(error),
    };

  let extract = rt.refresh || invoked ? undefined : store.get<ExtractRecord>(step.extractKey);
  const extractCached = extract !== undefined;
  if (!extract) {
    extract = { ...extractCandidates(rt, record.trajectory), durationMs: record.durationMs, tokens };
    store.put(step.extractKey, 'extract', extract);
  }
  rt.onStage?.({
    kind: 'extract',
    id: step.id,
    cached: extractCached,
    error: extract.ok ? undefined : extract.error,
  });
  const extractError = extract.ok ? undefined : extract.error;
  const values = extract.ok ? extract.values : {};
  const trajectory = record.trajectory;
  const view: InvokeView = { durationMs: record.durationMs, trajectory: () => trajectory };
  const repeat = await scoreRepeat(rt, step, view, values, extractError, invoked);
  return { repeat, invoked, durationMs: record.durationMs, tokens };
}

/**
 * A cached invoke whose extract record carries the invoke's duration and tokens: scored without
 * reading the invoke record, which is read (once) only if a score is not cached. Undefined when
 * the invoke is not a cached success or the extract record predates those fields.
 */
async function reuseExtract(
  rt: GroupRuntime,
  step: ExampleSteps,
  invokeKey: string,
  extractKey: string,
): Promise<
  { repeat: RepeatResult; invoked: boolean; durationMs?: number; tokens: number | null } | undefined
> {
  const { store } = rt;
  if (store.kindOf?.(invokeKey) !== 'invoke') return undefined;
  const extract = store.get<ExtractRecord>(extractKey);
  if (
    !extract ||
    typeof extract.durationMs !== 'number' ||
    (typeof extract.tokens !== 'number' && extract.tokens !== null)
  )
    return undefined;
  const { durationMs, tokens } = extract;
  rt.onInvoke({ id: step.id, cached: true, durationMs });
  rt.onStage?.({ kind: 'extract', id: step.id, cached: true, error: extract.ok ? undefined : extract.error });
  let trajectory: Trajectory | undefined;
  const view: InvokeView = {
    durationMs,
    trajectory: () => {
      trajectory ??= store.get<InvokeRecord>(invokeKey)?.trajectory;
      if (!trajectory) throw new Error(`cache: invoke record ${invokeKey} vanished`);
      return trajectory;
    },
  };
  const repeat = await scoreRepeat(
    rt,
    step,
    view,
    extract.ok ? extract.values : {},
    extract.ok ? undefined : extract.error,
  );
  return { repeat, invoked: false, durationMs, tokens };
}

function extractCandidates(rt: GroupRuntime, trajectory: Trajectory): ExtractRecord {
  const result = rt.compiled.group.extraction.run(trajectory.response);
  if (!result.ok)
    return { ok: false, error: { kind: 'extraction_failed', message: `${result.name}: ${result.message}` } };
  if (result.missing.length > 0) {
    return {
      ok: false,
      error: {
        kind: 'extraction_failed',
        message: `no value for ${result.missing.join(', ')} (${result.missing.map((n) => rt.compiled.group.extraction.expressions[n]).join(', ')})`,
      },
    };
  }
  return { ok: true, values: result.values };
}

async function scoreRepeat(
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

function scriptOf(example: ResolvedExample) {
  return {
    id: example.id,
    ...(example.turns ? { turns: example.turns } : {}),
    ...(example.tools === undefined ? {} : { tools: example.tools as Record<string, unknown> }),
    ...(example.policies ? { policies: example.policies } : {}),
    ...(example.human === undefined ? {} : { human: example.human }),
  };
}

/**
 * An agent may echo a secret it was sent (e.g. its authorization header) in its reply; the
 * trajectory is cached, reported and drilled into, so secret values are replaced by `***`
 * before it is kept. (Replacing inside the JSON text is safe: `***` needs no escaping.)
 */
function scrubTrajectory(rt: GroupRuntime, trajectory: Trajectory): Trajectory {
  return scrubValue(rt, trajectory);
}

/**
 * A JSON value with every known secret value replaced in each string, keys included (the same
 * object when none occurs). String by string, not on the JSON text: a secret with a quote or a
 * backslash has another form once escaped, and replacing inside escapes could break the JSON.
 */
function scrubValue<T>(rt: GroupRuntime, value: T): T {
  if (rt.hasSecrets === false) return value;
  return scrubLeaves(value, rt.scrub) as T;
}

function scrubLeaves(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const clean = scrubLeaves(value[i], scrub);
      if (clean !== value[i]) (out ??= [...value])[i] = clean;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = scrub(key);
    const clean = scrubLeaves(item, scrub);
    if (cleanKey === key && clean === item) continue;
    out ??= { ...(value as Record<string, unknown>) };
    if (cleanKey !== key) delete out[key];
    out[cleanKey] = clean;
  }
  return out ?? value;
}

function withoutRaw(trajectory: Trajectory): Trajectory {
  if (trajectory.raw === undefined) return trajectory;
  const { raw: _raw, ...rest } = trajectory;
  return rest;
}

/** Metric ids of a group in sorted order, once per group. */
const sortedMetricsOf = new WeakMap<CompiledGroup, CompiledGroup['group']['metrics']>();

/**
 * The example's lockfile row, built with its keys in sorted order (as the lockfile writes them)
 * so writing it needs no sorted copy.
 */
function lockResult(
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
