/**
 * One example of one group, all repeats: invoke (or reuse the cached response), extract the
 * candidates, score every metric, roll the repeats up. Each completed step is written to the
 * cache at once, so a run killed at any moment resumes without calling an agent again for a
 * step that had completed. Failures are values: a failed invoke is never cached and its error
 * kind is recorded for the example.
 */

import type { CompiledGroup } from '../compiler/compile.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import { namingReplyLimit } from '../compiler/reply-limit-failures.js';
import { isStaleFailure } from '../compiler/stale-failures.js';
import { type ExampleSteps, exampleSteps } from '../compiler/step-keys.js';
import type { LockResult } from '../lockfile/types.js';
import {
  type ExampleOutcome,
  type ResolvedMetric as LibMetric,
  type RepeatResult,
  type RubricInfo,
  rollupRepeats,
} from '../metrics/index.js';
import { usageTotal } from '../protocols/http/normalize-usage.js';
import type { Admission, RateLimiter } from '../protocols/http/rate-limiter.js';
import type { JudgeClient } from '../protocols/judge-types.js';
import { isLocalRefusal } from '../protocols/local-refusal.js';
import type { AgentAdapter, StepError, Trajectory } from '../protocols/types.js';
import { lockResult } from './example-lock-row.js';
import { extractCandidates } from './extract-candidates.js';
import { afterIo, type InvokeGate } from './invoke-gate.js';
import type { JudgeCallOrder } from './judge-first-failure.js';
import type { VerdictCache } from './judge-verdict-cache.js';
import type { StageEvent } from './progress.js';
import { putFailedInvoke, putInvokeRecord } from './put-invoke-record.js';
import { reuseExtract } from './reuse-extract.js';
import { type InvokeView, scoreRepeat } from './score-repeat.js';
import { scrubExtract, scrubTrajectory, scrubValue, withoutRaw } from './scrub-values.js';
import {
  type ExtractRecord,
  type FailedInvokeRecord,
  type InvokeRecord,
  isDefinitiveFailure,
  lastErrorKey,
} from './step-records.js';
import type { StepStore } from './step-store.js';
import { exampleDigestLine } from './steps-digest.js';

/** How long a served agent's refused or reset request waits to see whether its process died. */
const SERVED_EXIT_WAIT_MS = 250;
export interface MetricRuntime {
  lib: LibMetric;
  judgeId?: string;
  judge?: JudgeClient;
  /** `judge` for a call at `order` in the lock (its first failure is said in the lock's order, QA302). */
  judgeAt?: (order: () => JudgeCallOrder) => JudgeClient;
  /** Where the judge's verdicts are kept by request (judge-verdict-cache.ts). */
  verdictCache?: VerdictCache;
  rubric?: RubricInfo;
  /** A judge metric on a built-in rubric without `reference:`: sent the example's expected value (QA159). */
  sendsExpected?: true;
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
  /** The agent's `limits.maxResponseBytes` (a live agent only): kept with a `response_too_large` (QA324). */
  maxResponseBytes?: number;
  /** For a `serve:` agent: how its process ended, if it exited mid-run (added to failures' messages). */
  servedExit?: (waitMs: number) => Promise<string | undefined>;
  /** Invokes on their way, by key (shared by the run): identical requests are sent once. */
  inFlight?: Map<string, Promise<void>>;
  metrics: MetricRuntime[];
  /** Where an example of this group stands in the lock: [group index, example index] (QA302). */
  orderOf?: (example: ResolvedExample) => readonly number[];
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
  /** `scrub` for a trajectory: whole secrets, no head before a `…` the agent wrote (QA103). */
  scrubContent?: (text: string) => string;
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
  /** Its first repeat's error, if one failed (said when the agent's preflight fails, QA269). */
  firstError?: StepError;
}

export async function runExample(
  rt: GroupRuntime,
  example: ResolvedExample,
  /** Its steps, when the caller computed them already (the preflight sample looks at their keys). */
  known?: ExampleSteps[],
): Promise<ExampleRun> {
  const { compiled } = rt;
  const steps = known ?? exampleSteps(compiled.group, compiled.keys, example);
  const repeats: RepeatResult[] = [];
  const invokeKeys: (string | null)[] = [];
  const errors: (string | null)[] = [];
  const durationsMs: number[] = [];
  let tokens: number | null = null;
  let invoked = 0;
  let transient = false;
  // The repeats run side by side (each still waits for its turn at the agent's gate): one after
  // another, each repeat waited for the previous one's judge, so `repeats: 3` with a 2 s agent and
  // a 2 s judge took three rounds of 4 s where one fits (QA140). An internal error in one repeat is
  // thrown once the others have settled: the worker pool promises that nothing still writes into
  // the cache apply closes on the way out (QA35), which Promise.all broke (QA148).
  const settled = await Promise.allSettled(steps.map((step) => runRepeat(rt, step)));
  const thrown = settled.find((r) => r.status === 'rejected');
  if (thrown) throw thrown.reason;
  for (const [i, step] of steps.entries()) {
    const result = (settled[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof runRepeat>>>).value;
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
    ...firstErrorOf(repeats),
  };
}

function firstErrorOf(repeats: readonly RepeatResult[]): { firstError?: StepError } {
  const error = repeats.find((r) => r.error)?.error;
  return error ? { firstError: error } : {};
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
  const stored = rt.refresh ? undefined : store.get<InvokeRecord | FailedInvokeRecord>(step.invokeKey);
  // An older evalc's failure this one would not get again is asked once more (QA128).
  const cached = isStaleFailure(rt.adapter.protocol, stored, rt.maxResponseBytes) ? undefined : stored;
  if (cached && 'failed' in cached) {
    rt.onInvoke({ id: step.id, cached: true, durationMs: cached.durationMs, error: cached.failed });
    return {
      repeat: await scoreRepeat(rt, step, undefined, {}, cached.failed, false, cached.trajectory),
      invoked: false,
      tokens: null,
    };
  }
  let record = cached;
  let invoked = false;
  let error: StepError | undefined;
  let failedTrajectory: Trajectory | undefined;
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
    // The agent's slot: given back when the reply has been read (the adapter calls releaseSlot),
    // or when the invocation returns. From that moment the request is no longer in flight
    // (progress) and the agent's part of the duration is over.
    let holding = false;
    let replyReadAt: number | undefined;
    const release = (): void => {
      if (!holding) return;
      holding = false;
      rt.gate?.release();
    };
    const releaseSlot = (): void => {
      if (replyReadAt !== undefined) return;
      replyReadAt = performance.now();
      rt.onInvokeEnd?.({ id: step.id });
      release();
    };
    try {
      const wait = rt.gate?.acquire();
      if (wait) await wait;
      holding = rt.gate !== undefined;
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
            ...(rt.gate ? { releaseSlot } : {}),
          });
          if (replyReadAt === undefined) rt.onInvokeEnd?.({ id: step.id });
          // An input the adapter refused itself (a RAIP misfit: "not sent"), or answered without a
          // request (a chat greeting and no user turn), is no agent call.
          if (outcome.ok ? outcome.sent === false : isLocalRefusal(outcome.error)) invoked = false;
        }
      } finally {
        release();
        if (admission) rt.rate?.settle(admission);
      }
      const durationMs = Math.round((replyReadAt ?? performance.now()) - started);
      // The slot went to the next example; this one's bookkeeping waits until the replies read in
      // this turn have all sent their next request.
      if (rt.gate) await afterIo();
      // A reply over limits.maxResponseBytes (not a trajectory over 512 MiB) names that key (QA330).
      if (rt.maxResponseBytes && !outcome.ok && outcome.error.kind === 'response_too_large')
        outcome = { ...outcome, error: namingReplyLimit(outcome.error, rt.compiled.group.agentId) };
      if (outcome.ok) {
        const trajectory = scrubTrajectory(
          rt,
          rt.trace ? outcome.trajectory : withoutRaw(outcome.trajectory),
        );
        const unrecorded = putInvokeRecord(store, step.invokeKey, { trajectory, durationMs });
        if (unrecorded === undefined) record = { trajectory, durationMs };
        else outcome = { ok: false, error: unrecorded };
      }
      if (!outcome.ok) {
        // The whole error: its details (a crashed process's stderr tail…) may quote a secret too.
        error = scrubValue(rt, outcome.error);
        const exited = await rt.servedExit?.(error.kind === 'transport_error' ? SERVED_EXIT_WAIT_MS : 0);
        if (exited && error.kind !== 'cancelled')
          error = { ...error, message: `${error.message} — ${exited}` };
        const partial = outcome.trajectory
          ? scrubTrajectory(rt, rt.trace ? outcome.trajectory : withoutRaw(outcome.trajectory))
          : undefined;
        failedTrajectory = partial;
        const failed: FailedInvokeRecord = {
          failed: error,
          durationMs,
          ...(partial ? { trajectory: partial } : {}),
          ...(error.kind === 'response_too_large' && rt.maxResponseBytes
            ? { maxResponseBytes: rt.maxResponseBytes }
            : {}),
        };
        if (isDefinitiveFailure(error)) putFailedInvoke(store, step.invokeKey, 'invoke-failed', failed);
        // A transient failure is never reused (the next apply retries it), but its message is kept
        // beside the step for the reports (`reportSources`): why did this example time out or crash?
        else if (error.kind !== 'cancelled')
          putFailedInvoke(store, lastErrorKey(step.invokeKey), 'invoke-error', failed);
      }
      rt.onInvoke({ id: step.id, cached: false, durationMs, ...(error ? { error } : {}) });
    } finally {
      rt.inFlight?.delete(step.invokeKey);
      settle();
    }
  }
  // As the tokens metric counts them: an output-only usage is not "—" (QA150).
  const tokens = record ? (usageTotal(record.trajectory.usage) ?? null) : null;
  if (!record)
    return {
      repeat: await scoreRepeat(rt, step, undefined, {}, error, false, failedTrajectory),
      invoked,
      tokens,
      // Not cached: the next apply asks again (the lock says it is not complete).
      transient: error !== undefined && invoked && !isDefinitiveFailure(error),
    };

  let extract = rt.refresh || invoked ? undefined : store.get<ExtractRecord>(step.extractKey);
  const extractCached = extract !== undefined;
  if (!extract) {
    // Scrubbed: an `openai` answer's JSON is parsed here, and what its text spelled escaped
    // (`"sk\u002dlive…"`), which the reply's redaction could not see, is a value or a field name
    // the missing-path hint quotes (QA269). Its values as the agent wrote them (QA103).
    extract = {
      ...scrubExtract(rt, extractCandidates(rt.compiled.group, record.trajectory)),
      durationMs: record.durationMs,
      tokens,
    };
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

function scriptOf(example: ResolvedExample) {
  return {
    id: example.id,
    ...(example.turns ? { turns: example.turns } : {}),
    ...(example.tools === undefined ? {} : { tools: example.tools as Record<string, unknown> }),
    ...(example.policies ? { policies: example.policies } : {}),
    ...(example.human === undefined ? {} : { human: example.human }),
  };
}
