/**
 * `evalc apply`: plan, then execute what is not cached, then write `evalc.lock` and the
 * reports. Every completed step is cached the moment it completes, so an interrupted run
 * resumes where it stopped; the lockfile is written only when the run is complete.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CompiledPlan, compilePlan } from '../compiler/compile.js';
import { digestOf } from '../compiler/content-key.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import {
  type JudgePins,
  judgePinsFromLock,
  metricRubricName,
  pinsListed,
  registeredRubricsInUse,
  rubricNameOf,
} from '../compiler/judge-pins.js';
import { defaultDirs, loadPlan } from '../compiler/load-plan.js';
import { readLockFile, sortKeys, writeLockFile } from '../lockfile/serialize.js';
import type { Lockfile, LockGate, LockResult } from '../lockfile/types.js';
import { aggregate, evaluateGates, flattenResults, type TaskInput } from '../metrics/index.js';
import { type Diagnostic, hasErrors } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { MIN_SECRET_LENGTH, scrubSecrets, shortSecretNames } from '../plan/secrets.js';
import type { RaipAdapter } from '../protocols/raip/adapter.js';
import { byText } from '../reports/format.js';
import { REPORT_FILES } from '../reports/types.js';
import { pinAgentNames } from './agent-names.js';
import { type AgentRuntime, isMae, isRaip, startAgent } from './agent-runtime.js';
import { gatesAgainstBaseline } from './baseline-gates.js';
import { baselineRows } from './baseline-rows.js';
import { buildLock, lockGateOf } from './build-lock.js';
import { lockCache } from './cache-lock.js';
import { LogStore } from './cache-store.js';
import { collect, markPreflightFailed } from './collect-results.js';
import {
  discoverAgents,
  pinsWithoutDiscovery,
  type UndiscoveredAgent,
  undiscoveredAdapter,
} from './discovery.js';
import { graceSignal } from './grace-signal.js';
import { exampleItems, groupRuntime } from './group-runtime.js';
import { HeapWatch } from './heap-watch.js';
import { findInputMisfits } from './input-schema-check.js';
import { InvokeGate } from './invoke-gate.js';
import { type JudgeRuntime, startJudge, unusableJudge } from './judges.js';
import {
  agentDrift,
  datasetDrift,
  judgeDrift,
  missingInvokes,
  missingJudgeScores,
  pinsOf,
  readBaseline,
  readPreviousPins,
} from './locked-inputs.js';
import type { ProgressSink } from './progress.js';
import { type GroupRuntime, runExample } from './run-example.js';
import { RunLog } from './run-log.js';
import { schemaCache } from './schema-cache.js';
import { describeDrift, type SchemaDrift, SchemaDriftWatch } from './schema-drift.js';
import { combineGroupDigests, GroupDigestFeed, stepsDigest } from './steps-digest.js';
import { reportSources } from './trajectories.js';
import {
  isLockUpToDate,
  reportStamp,
  reportsAreCurrent,
  stepsSection,
  writeReportStamp,
} from './up-to-date.js';
import { runPool } from './worker-pool.js';

export interface ApplyOptions {
  planFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  cacheDir?: string | undefined;
  outDir?: string | undefined;
  baseline?: string | undefined;
  locked?: boolean;
  frozen?: boolean;
  refresh?: boolean;
  updateLock?: boolean;
  only?: string | undefined;
  concurrency?: number | undefined;
  signal: AbortSignal;
  progress: ProgressSink;
}

export type ApplyOutcome =
  | { status: 'invalid'; diagnostics: Diagnostic[] }
  /** `reason`: a refusal a CI wrapper can act on without reading the message. */
  | { status: 'refused'; message: string; reason?: 'locked' | 'frozen' | 'schema_drift' }
  | { status: 'interrupted'; message: string }
  /** The run stopped on an error of its own environment (the cache could not be written). */
  | { status: 'failed'; message: string }
  | { status: 'done'; lock: Lockfile; lockFile: string; reportsDir: string; summary: RunSummary };

export interface RunSummary {
  examples: number;
  invoked: number;
  errors: number;
  errorKinds: Record<string, number>;
  gatesFailed: number;
  /** Set when evalc.lock already recorded every step of this plan: nothing ran. */
  upToDate?: boolean;
  /** RAIP agents that refused too many schema-fitting inputs with 400 ajvErrors (R8). */
  schemaDrift?: SchemaDrift[];
  /** Agents whose preflight examples all failed: the rest of their batch was not sent. */
  preflightFailed?: string[];
  /**
   * Agents none of whose examples could be scored (each repeat has an error kind, e.g. every
   * request refused, or its preflight failed): the run evaluated nothing for them.
   */
  unevaluated?: string[];
}

export async function applyPlan(options: ApplyOptions): Promise<ApplyOutcome> {
  const dirs = defaultDirs(path.resolve(options.cwd, options.planFile), options.env);
  const cacheDir = options.cacheDir ?? dirs.cacheDir;
  const previous = readPreviousPins(dirs.lockFile);
  if (!previous.ok) return { status: 'refused', message: previous.message };
  const previousLock = previous.lock;
  const lockedPins = pinsOf(previousLock);
  const loaded = await loadPlan(options.planFile, {
    cwd: options.cwd,
    cacheDir,
    only: options.only,
    pins: lockedPins,
    judgePins: judgePinsFromLock(previousLock),
    offline: Boolean(options.frozen),
  });
  if (hasErrors(loaded.diagnostics) || !loaded.compiled || !loaded.resolved)
    return { status: 'invalid', diagnostics: loaded.diagnostics };
  const resolved = loaded.resolved;
  if (options.locked) {
    const drift = datasetDrift(loaded.compiled, previousLock);
    if (drift.length > 0)
      return {
        status: 'refused',
        reason: 'locked',
        message: `--locked: pinned inputs changed:\n  ${drift.join('\n  ')}`,
      };
  }
  // One apply writes a cache at a time (cache-lock.ts); a second one waits for the first.
  const cacheLock = await lockCache(cacheDir, {
    signal: options.signal,
    onWait: (holder) =>
      options.progress.message(`evalc: waiting for the cache ${cacheDir}, in use by ${holder}`),
  });
  if (!cacheLock)
    return { status: 'interrupted', message: 'interrupted while waiting for the cache lock; nothing ran' };
  // A cache that cannot be written (a full disk) stops dispatching like a first Ctrl-C: what
  // completed is cached, nothing more is sent that could not be kept.
  const storeStop = new AbortController();
  const runSignal = AbortSignal.any([options.signal, storeStop.signal]);
  // Opened on first use: an up-to-date apply whose reports are current never loads the step log
  // (its index is ~4 entries per example, or a whole shared cache's); RAIP discovery reads the
  // locked schema from `schemas/` beside it (schema-cache.ts).
  let opened: LogStore | undefined;
  const store = (): LogStore => {
    if (opened) return opened;
    opened = new LogStore(cacheDir, {
      onWriteFailure: (error) => {
        options.progress.message(
          `evalc: cannot write the cache: stopping the run (${error.code ?? 'error'})`,
        );
        storeStop.abort();
      },
    });
    const damaged = opened.damagedOnLoad;
    if (damaged > 0)
      options.progress.message(
        `evalc: note: the cache skipped ${damaged} damaged entr${damaged === 1 ? 'y' : 'ies'} (their steps run again; \`evalc cache prune\` drops them)`,
      );
    return opened;
  };
  const schemas = schemaCache(cacheDir, store);
  const secrets: string[] = [];
  const scrub = (text: string) => scrubSecrets(text, secrets);
  const logsDir = path.join(dirs.stateDir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  const agents = new Map<string, AgentRuntime>();
  const judges = new Map<string, JudgeRuntime>();
  const logLines = new RunLog();
  // Steps in flight outlive the first Ctrl-C (see grace-signal.ts); dispatch stops at once.
  const inFlight = graceSignal(runSignal);
  let storeClosed = false;
  const undiscovered = new Map<string, UndiscoveredAgent>();
  try {
    const agentIds = [...new Set(loaded.compiled.groups.map((g) => g.group.agentId))].sort();
    let pins = lockedPins;
    let judgePins = judgePinsFromLock(previousLock);
    let compiled = loaded.compiled;
    // With --baseline, an up-to-date lock's regression gates are evaluated from its rows
    // (baseline-gates.ts): computed once, undefined when the rows cannot stand in for a run.
    let vsBaseline: { lock: Lockfile; baseline: Lockfile; gates: LockGate[] } | undefined | null = null;
    const gatesVsBaseline = () => {
      if (vsBaseline !== null) return vsBaseline;
      const full = readLockFile(dirs.lockFile);
      const baseline = readBaseline(options.baseline!, options.cwd);
      const metricTypes: Record<string, string> = {};
      for (const cg of compiled.groups) for (const m of cg.group.metrics) metricTypes[m.id] = m.type;
      const gates =
        full.ok && baseline
          ? gatesAgainstBaseline(full.lock, baseline, resolved.plan, metricTypes)
          : undefined;
      vsBaseline = full.ok && baseline && gates ? { lock: full.lock, baseline, gates } : undefined;
      return vsBaseline;
    };
    const upToDate = (): boolean =>
      !options.refresh &&
      !options.only &&
      isLockUpToDate(previousLock, compiled, pins) &&
      (!options.baseline || gatesVsBaseline() !== undefined);
    const finishUpToDate = async (): Promise<ApplyOutcome> => {
      const compared = options.baseline ? gatesVsBaseline() : undefined;
      const lock = compared ? { ...compared.lock, gates: compared.gates } : previousLock!;
      const reportsDir = options.outDir
        ? path.resolve(options.cwd, options.outDir)
        : path.join(dirs.stateDir, 'reports');
      const stamp = reportStamp(
        dirs.lockFile,
        options.baseline ? path.resolve(options.cwd, options.baseline) : undefined,
      );
      if (compared) {
        // The comparison is this command's: its reports are rendered, evalc.lock stays as it is.
        const { writeReportFiles } = await import('./write-reports.js');
        writeReportFiles(reportsDir, {
          lock,
          baseline: compared.baseline,
          ...reportSources(lock, store()),
          reportsPath: shownPath(resolved.loaded.planDir, reportsDir),
        });
        writeReportStamp(reportsDir, stamp);
      } else if (!reportsAreCurrent(reportsDir, stamp, REPORT_FILES)) {
        const full = readLockFile(dirs.lockFile);
        if (!full.ok) return { status: 'refused', message: full.message };
        const { writeReportFiles } = await import('./write-reports.js');
        writeReportFiles(reportsDir, {
          lock: full.lock,
          ...reportSources(full.lock, store()),
          reportsPath: shownPath(resolved.loaded.planDir, reportsDir),
        });
        writeReportStamp(reportsDir, stamp);
      }
      const errorKinds = { ...(lock.steps?.errors ?? {}) };
      const summary: RunSummary = {
        examples: compiled.groups.reduce((n, g) => n + g.group.dataset.examples.length, 0),
        invoked: 0,
        errors: Object.values(errorKinds).reduce((n, c) => n + c, 0),
        errorKinds,
        gatesFailed: lock.gates.filter((g) => !g.passed && !g.skipped).length,
        upToDate: true,
      };
      // Only when the recorded errors could cover every example of some agent is the whole lock
      // read to check (an agent that evaluated nothing fails the run on every re-apply, too).
      const recorded = Object.values(errorKinds).reduce((n, c) => n + c, 0);
      const perAgent = new Map<string, number>();
      for (const { group } of compiled.groups)
        perAgent.set(group.agentId, (perAgent.get(group.agentId) ?? 0) + group.dataset.examples.length);
      const smallest = Math.min(...perAgent.values()) * lock.run.repeats;
      if (recorded > 0 && recorded >= smallest) {
        const full = readLockFile(dirs.lockFile);
        const unevaluated = full.ok ? unevaluatedAgents(full.lock.results) : [];
        if (unevaluated.length > 0) summary.unevaluated = unevaluated;
      }
      return { status: 'done', lock, lockFile: dirs.lockFile, reportsDir, summary };
    };
    if (options.frozen) {
      if (upToDate()) return await finishUpToDate();
      const missing = missingInvokes(compiled, store());
      const unjudged = missing.length > 0 ? [] : missingJudgeScores(compiled, store());
      if (missing.length > 0 || unjudged.length > 0) {
        const what =
          missing.length > 0
            ? `${missing.length} agent responses are not cached`
            : `${unjudged.length} judge scores are not cached (--frozen calls no judge either)`;
        // A RAIP agent's identity (schema digest, version) comes from /info, which --frozen does
        // not ask: without its pin in evalc.lock its cached answers cannot be found by key.
        const unpinned = agentIds.filter(
          (id) => resolved.plan.agents[id]?.protocol === 'raip' && lockedPins[id] === undefined,
        );
        const hint =
          missing.length > 0 && unpinned.length > 0
            ? `\n${unpinned.join(', ')}: no identity pinned in ${path.basename(dirs.lockFile)} (--frozen does not ask /info), so cached answers cannot be matched; run apply once without --frozen, or commit evalc.lock`
            : '';
        return {
          status: 'refused',
          reason: 'frozen',
          message: `--frozen: ${what}${perGroup([...missing, ...unjudged])}, e.g.:\n  ${[...missing, ...unjudged].slice(0, 20).join('\n  ')}${hint}`,
        };
      }
    } else {
      // Agents without a discovery have their pins at hand: an up-to-date lock then needs none
      // of them started (a served agent's process, its readiness wait).
      const staticPins = options.locked ? undefined : pinsWithoutDiscovery(agentIds, resolved.plan.agents);
      if (staticPins) {
        const candidate = compilePlan(resolved, staticPins, { checkTemplates: false, judgePins });
        const registered = registeredRubricsInUse(
          candidate.groups.flatMap((g) => g.group.metrics),
          resolved.plan,
        );
        if (registered.size === 0) {
          pins = staticPins;
          compiled = candidate;
          if (upToDate()) return await finishUpToDate();
        }
      }
      const setup = {
        plan: resolved.plan,
        planDir: resolved.loaded.planDir,
        commandDirs: resolved.loaded.commandDirs.agents,
        logsDir,
        env: options.env,
        concurrencyOverride: options.concurrency,
        signal: options.signal,
        secrets,
        warn: (text: string) => {
          options.progress.message(`evalc: warning: ${scrub(text)}`);
          logLines.push(`warning: ${text}`);
        },
      };
      warnShortSecrets(resolved.plan, agentIds, compiled, options);
      for (const id of agentIds) {
        const started = await startAgent(id, setup);
        if (!started.ok)
          return {
            status: 'refused',
            message: `agent ${id} could not start: ${scrub(started.error.message)}`,
          };
        agents.set(id, started.runtime);
      }
      const discovered = await discoverAgents(agents, lockedPins, schemas, options);
      if (!discovered.ok)
        return { status: 'refused', reason: discovered.reason, message: scrub(discovered.message) };
      // An agent that fails its discovery is a failed step: the others run, its examples record
      // the error. --locked cannot check its pins, and with no agent left there is no run.
      const firstFailure = [...discovered.failed.values()][0];
      if (firstFailure && (options.locked || discovered.failed.size === agents.size))
        return { status: 'refused', message: scrub(firstFailure.message) };
      for (const [id, failure] of discovered.failed) undiscovered.set(id, failure);
      pins = { ...discovered.pins };
      for (const id of undiscovered.keys()) pins[id] = lockedPins[id] ?? {};
      compiled = compilePlan(resolved, pins, { checkTemplates: false, judgePins });
      if (options.locked) {
        const drift = agentDrift(compiled, previousLock, pins);
        if (drift.length > 0)
          return {
            status: 'refused',
            reason: 'locked',
            message: `--locked: pinned inputs changed:\n  ${drift.join('\n  ')}`,
          };
      }
      const raipAdapters = new Map<string, RaipAdapter>();
      for (const [id, a] of agents)
        if (isRaip(a.adapter) && !undiscovered.has(id)) raipAdapters.set(id, a.adapter);
      const invalid = findInputMisfits(compiled, raipAdapters);
      if (invalid.length > 0) {
        const lines = invalid.map((m) => `${m.step}: ${m.errors}`).join('\n  ');
        return {
          status: 'refused',
          message: `inputs do not fit the agents' input schemas; nothing was invoked:\n  ${lines}`,
        };
      }
      // Rubrics registered on a judge server are part of the score keys: their judges are asked
      // for the tags before anything is up to date. --locked also checks the judges (started for
      // that), even when nothing else would run.
      const registered = registeredRubricsInUse(
        compiled.groups.flatMap((g) => g.group.metrics),
        resolved.plan,
      );
      if (!options.locked && registered.size === 0 && upToDate()) {
        // Nothing to ask of it, but an agent that does not answer is worth knowing about.
        for (const f of undiscovered.values())
          options.progress.message(`evalc: warning: ${scrub(f.message)}`);
        return await finishUpToDate();
      }
      const judgeIds = [
        ...new Set(
          compiled.groups.flatMap((g) =>
            g.group.metrics.map((m) => m.judgeId).filter((j): j is string => !!j),
          ),
        ),
      ].sort();
      // Judges evalc serves start first: another judge may be the same server under another id.
      const served = (id: string) => (resolved.plan.judges[id]?.serve ? 0 : 1);
      judgeIds.sort((a, b) => served(a) - served(b));
      for (const id of judgeIds) {
        const started = await startJudge(id, { ...setup, judgeDirs: resolved.loaded.commandDirs.judges });
        if (started.ok) {
          judges.set(id, started.judge);
          continue;
        }
        const message = `judge ${id} is not usable: ${scrub(started.error.message)}`;
        // A setting to fix (an unset variable, a judge of another wire version — A2 refuses it),
        // or --locked (its pins cannot be checked): no run.
        if (REFUSING_JUDGE_ERRORS.has(started.error.kind) || options.locked || options.signal.aborted)
          return { status: 'refused', message };
        // A judge that is down or incompatible is a failed step, as an agent's discovery is: the
        // run goes on, and each of its metrics records the error (retried by the next apply).
        options.progress.message(
          `evalc: ${message}\n  the run goes on: its metrics record judge_error (the next apply asks it again)`,
        );
        logLines.push(`warning: ${message}`);
        const protocol = resolved.plan.judges[id]?.protocol === 'openai' ? 'openai' : 'agent-eval';
        judges.set(
          id,
          unusableJudge(id, protocol, { ...started.error, message: scrub(started.error.message) }),
        );
      }
      if (registered.size > 0) {
        judgePins = await liveJudgePins(judges, registered, options.signal);
        // An unusable judge lists nothing: its rubrics keep the tags evalc.lock pinned.
        const locked = judgePinsFromLock(previousLock);
        for (const [id, judge] of judges) if (judge.unusable && locked[id]) judgePins[id] = locked[id];
        compiled = compilePlan(resolved, pins, { checkTemplates: false, judgePins });
      }
      if (options.locked) {
        const drift = await judgeDrift(judges, previousLock, options.signal);
        if (drift.length > 0)
          return {
            status: 'refused',
            reason: 'locked',
            message: `--locked: pinned inputs changed:\n  ${drift.join('\n  ')}`,
          };
      }
      if (upToDate()) return await finishUpToDate();
    }

    const runId = digestOf({ plan: resolved.planDigest, seed: resolved.plan.run.seed }).slice(0, 16);
    const rubricVersions = new Map<string, Set<string>>();
    const judgeModels = new Map<string, Set<string>>();
    const concurrencyOf = (agentId: string): number =>
      agents.get(agentId)?.concurrency ?? options.concurrency ?? resolved.plan.run.concurrency;
    const drift = new SchemaDriftWatch();
    const invokesInFlight = new Map<string, Promise<void>>();
    const invokeGates = new Map(agentIds.map((id) => [id, new InvokeGate(concurrencyOf(id))]));
    const groupRuntimes = compiled.groups.map((cg) =>
      groupRuntime(cg, {
        agents,
        judges,
        store: store(),
        runId,
        // Dispatch stops at a Ctrl-C and when the cache cannot be written.
        options: { ...options, signal: runSignal },
        scrub,
        logLines,
        resolved: compiled,
        rubricVersions,
        judgeModels,
        stepSignal: inFlight.signal,
        hasSecrets: secrets.length > 0,
        gates: invokeGates,
        drift,
        inFlight: invokesInFlight,
      }),
    );
    const totals: Record<string, number> = {};
    for (const cg of compiled.groups) totals[cg.group.agentId] = (totals[cg.group.agentId] ?? 0) + cg.invokes;
    options.progress.start(totals);
    // The report renderers are needed only at the end: they load while the agents work.
    const reporting = import('./write-reports.js');
    reporting.catch(() => {});
    const results = new Map<string, (Awaited<ReturnType<typeof runExample>> | undefined)[]>();
    const heap = new HeapWatch();
    const digestFeeds = new Map<string, GroupDigestFeed>();
    for (const cg of compiled.groups) {
      results.set(cg.group.id, new Array(cg.group.dataset.examples.length));
      digestFeeds.set(cg.group.id, new GroupDigestFeed(cg.group.dataset.examples.length));
    }
    const preflight = Math.min(resolved.plan.run.preflight, 5);
    const aborted = new Map<string, string>();
    await Promise.all(
      agentIds.map(async (agentId) => {
        const runtimes = groupRuntimes.filter((g) => g.compiled.group.agentId === agentId);
        const concurrency = concurrencyOf(agentId);
        const items = exampleItems(runtimes);
        const runItem = async (item: { rt: GroupRuntime; index: number; example: ResolvedExample }) => {
          const run = await runExample(item.rt, item.example);
          results.get(item.rt.compiled.group.id)![item.index] = run;
          digestFeeds.get(item.rt.compiled.group.id)!.add(item.index, run.digestLine);
          run.digestLine = ''; // hashed; 100k of these lines would otherwise stay alive until the end
          heap.tick();
        };
        const failure = undiscovered.get(agentId);
        if (failure) {
          // Its cached answers still count; anything else fails with the discovery's error.
          options.progress.message(
            `evalc: ${scrub(failure.message)}\n  the run goes on without ${agentId}: its examples not in the cache record ${failure.error.kind}`,
          );
          for (const rt of runtimes) rt.adapter = undiscoveredAdapter(failure.error);
          await runPool(items, concurrency * 2, runItem, runSignal);
          return;
        }
        const first: ReturnType<typeof items.next>[] = [];
        for (let i = 0; i < preflight; i++) {
          const r = items.next();
          if (r.done) break;
          first.push(r);
        }
        const firstItems = first.map((r) => r.value!).filter(Boolean);
        await runPool(firstItems[Symbol.iterator](), concurrency, runItem, runSignal);
        const firstRuns = firstItems.map((it) => results.get(it.rt.compiled.group.id)![it.index]);
        if (
          firstRuns.length > 0 &&
          firstRuns.every((r) => r && r.invoked > 0 && r.lock.errors?.every((e) => e !== null))
        ) {
          const kinds = [...new Set(firstRuns.flatMap((r) => r?.lock.errors ?? []))].join(', ');
          aborted.set(
            agentId,
            `preflight: the first ${firstRuns.length} examples all failed (${kinds}); the rest of ${agentId}'s batch was not sent`,
          );
          options.progress.message(`evalc: agent ${agentId}: ${aborted.get(agentId)}`);
          return;
        }
        // Twice the agent's concurrency in flight: the gate (invoke-gate.ts) keeps the agent's own
        // limit, the extra examples are being scored or have their next request ready.
        await runPool(items, concurrency * 2, runItem, runSignal);
      }),
    );
    options.progress.finish();
    store().flush();
    const writeFailure = store().writeFailure;
    if (writeFailure) return { status: 'failed', message: `cannot write: ${writeFailure.message}` };
    if (options.signal.aborted)
      return {
        status: 'interrupted',
        message: 'interrupted: completed steps are cached; run apply again to finish',
      };
    for (const agentId of aborted.keys()) markPreflightFailed(compiled, results, agentId);

    const collected = collect(compiled, groupRuntimes, results);
    const { lockResults, summary, volatile } = collected;
    if (aborted.size > 0) summary.preflightFailed = [...aborted.keys()].sort();
    const unevaluated = unevaluatedAgents(lockResults);
    if (unevaluated.length > 0) summary.unevaluated = unevaluated;
    // Seed mae agents' names come from their cached replies, live or cached run alike (agent-names.ts).
    pins = pinAgentNames(pins, {
      agents: resolved.plan.agents,
      agentIds,
      groupAgents: new Map(compiled.groups.map((cg) => [cg.group.id, cg.group.agentId])),
      results: lockResults,
      store: store(),
      locked: lockedPins,
      nameless: (id) => {
        const runtime = agents.get(id);
        if (!runtime || !isMae(runtime.adapter) || runtime.adapter.discoveredName() !== undefined)
          return false;
        return compiled.groups.every(
          (cg) =>
            cg.group.agentId !== id ||
            (results.get(cg.group.id) ?? []).reduce((n, run) => n + (run?.invoked ?? 0), 0) === cg.invokes,
        );
      },
    });
    const drifted = drift.flagged();
    if (drifted.length > 0) {
      summary.schemaDrift = drifted;
      for (const d of drifted) {
        options.progress.message(`evalc: warning: ${describeDrift(d)}`);
        logLines.push(`warning: ${describeDrift(d)}`);
      }
    }
    // From here on each example lives on only as its lockfile row: the runs (outcomes, which
    // aggregation has in `taskInputs`) are released once the gates are evaluated.
    results.clear();
    let taskInputs: TaskInput[] | undefined = collected.taskInputs;
    collected.taskInputs = [];
    const aggregateReport = aggregate({
      benchmark: resolved.plan.benchmark.id,
      tasks: taskInputs,
      bootstrap: { seed: resolved.plan.run.seed, resamples: resolved.plan.run.bootstrap },
    });
    const baselineLock = options.baseline ? readBaseline(options.baseline, options.cwd) : undefined;
    const metricTypes: Record<string, string> = {};
    for (const cg of compiled.groups) for (const m of cg.group.metrics) metricTypes[m.id] = m.type;
    const gateOptions = {
      significance: resolved.plan.run.significance,
      seed: resolved.plan.run.seed,
      resamples: resolved.plan.run.bootstrap,
      metricTypes,
      // A partial run cannot judge a gate on figures outside its selection: skipped.
      only: options.only,
    };
    const current = { aggregate: aggregateReport, rows: flattenResults({ tasks: taskInputs }) };
    const gates = evaluateGates(
      resolved.plan.gates,
      current,
      baselineLock ? baselineRows(baselineLock) : undefined,
      gateOptions,
    );
    // evalc.lock records the plan's run whatever baseline this command compared it with: its
    // regression gates stay skipped (the comparison is in the reports and the exit code).
    const lockGates = baselineLock
      ? evaluateGates(resolved.plan.gates, current, undefined, gateOptions)
      : gates;
    taskInputs = undefined;
    summary.gatesFailed = gates.filter((g) => !g.passed && !g.skipped).length;
    const judgeInfo: Record<string, JudgeInfo> = {};
    const rubricsInUse = new Map<string, Set<string>>();
    for (const { group } of compiled.groups)
      for (const m of group.metrics) {
        if (!m.judgeId) continue;
        const names = rubricsInUse.get(m.judgeId) ?? new Set<string>();
        const name = metricRubricName(m, resolved.plan);
        if (name !== undefined) names.add(name);
        rubricsInUse.set(m.judgeId, names);
      }
    for (const id of rubricsInUse.keys()) {
      const previous = previousLock?.judges[id];
      const live = judges.get(id);
      const started = live?.unusable ? undefined : live;
      const sorted = rubricTags(
        rubricVersions.get(id),
        judgePins[id],
        previous?.rubricVersion,
        rubricsInUse.get(id),
      );
      judgeInfo[id] = {
        ...(started
          ? started.info
          : {
              ...(previous?.version ? { version: previous.version } : {}),
              ...(previous?.wireVersion ? { wireVersion: previous.wireVersion } : {}),
            }),
        ...(sorted.length > 0 ? { rubricVersion: sorted.join(' | ') } : {}),
        ...reportedModel(judgeModels.get(id), previous?.model),
        ...(judgePins[id] ? { registeredRubrics: judgePins[id] } : {}),
      };
      // Several rubrics on one judge are normal; one rubric reported at two versions in one run is not.
      const names = sorted.map(rubricNameOf);
      if (new Set(names).size < names.length)
        options.progress.message(
          `evalc: warning: judge ${id} reported several versions of one rubric: ${sorted.join(', ')}`,
        );
    }
    // Key-sorted like the file; each result was sorted when its example finished (run-example.ts),
    // so the 100k results are not copied again here.
    const lock = sortKeys(
      buildLock({
        compiled,
        pins,
        judgeInfo,
        results: [],
        aggregate: aggregateReport,
        gates: lockGates,
        volatile,
        steps: stepsSection(
          runDigest(digestFeeds) ?? stepsDigest(compiled),
          summary.errorKinds,
          collected.retry,
        ),
      }),
    ) as Lockfile;
    lock.results = lockResults;
    // A partial run (--only) never rewrites evalc.lock, which describes the whole plan: its
    // lockfile goes beside the reports.
    const lockFile = options.only ? dirs.onlyLockFile : dirs.lockFile;
    writeLockFile(lockFile, lock);
    const reportsDir = options.outDir
      ? path.resolve(options.cwd, options.outDir)
      : path.join(dirs.stateDir, 'reports');
    // The reports read trajectories from the cache first; the cache (its index is ~3 entries per
    // example) and the examples are then released before the reports are rendered.
    const sources = reportSources(lock, store());
    storeClosed = true;
    opened?.close();
    for (const d of compiled.resolved.datasets) d.examples = [];
    const { writeReportFiles } = await reporting;
    heap.collectAfterPhase();
    const compared = baselineLock ? { ...lock, gates: gates.map(lockGateOf) } : lock;
    writeReportFiles(reportsDir, {
      lock: compared,
      ...(baselineLock ? { baseline: baselineLock } : {}),
      ...sources,
      reportsPath: shownPath(resolved.loaded.planDir, reportsDir),
    });
    writeReportStamp(
      reportsDir,
      reportStamp(lockFile, options.baseline ? path.resolve(options.cwd, options.baseline) : undefined),
    );
    // run.log is this run's: an earlier run's is not left behind to be read as this one's.
    const runLog = path.join(logsDir, 'run.log');
    if (!logLines.isEmpty) writeFileSync(runLog, `${logLines.lines().map(scrub).join('\n')}\n`);
    else rmSync(runLog, { force: true });
    return { status: 'done', lock: compared, lockFile, reportsDir, summary };
  } finally {
    inFlight.dispose();
    for (const a of agents.values()) await a.stop().catch(() => {});
    for (const j of judges.values()) await j.stop().catch(() => {});
    if (!storeClosed) opened?.close();
    cacheLock.release();
  }
}

/**
 * A `${env.X}` in headers or `serve.env` whose value has 1–3 characters is sent but never masked
 * (it would corrupt ordinary words): said once per variable, by name, never by value.
 */
function warnShortSecrets(
  plan: Plan,
  agentIds: string[],
  compiled: CompiledPlan,
  options: ApplyOptions,
): void {
  const judgeIds = new Set(
    compiled.groups.flatMap((g) => g.group.metrics.flatMap((m) => (m.judgeId ? [m.judgeId] : []))),
  );
  const where = new Map<string, string[]>();
  const note = (owner: string, values: Record<string, string> | undefined) => {
    for (const name of shortSecretNames(values, options.env))
      where.set(name, [...(where.get(name) ?? []), owner]);
  };
  for (const id of agentIds) {
    note(`agents.${id}.headers`, plan.agents[id]?.headers);
    note(`agents.${id}.serve.env`, plan.agents[id]?.serve?.env);
  }
  for (const id of [...judgeIds].sort()) {
    note(`judges.${id}.headers`, plan.judges[id]?.headers);
    note(`judges.${id}.serve.env`, plan.judges[id]?.serve?.env);
  }
  for (const [name, owners] of where)
    options.progress.message(
      `evalc: warning: \${env.${name}} (${owners.join(', ')}) is shorter than ${MIN_SECRET_LENGTH} characters: it is sent, but not masked in outputs`,
    );
}

/** ` (a1/t1/d1: 20, a2/t1/d1: 5)`: missing steps (`invoke/a1/t1/d1/e3#0`) counted by group. */
function perGroup(steps: string[]): string {
  const counts = new Map<string, number>();
  for (const step of steps) {
    const group = step.split('/').slice(1, 4).join('/');
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  if (counts.size < 2) return '';
  const shown = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 10);
  return ` (${shown.map(([g, n]) => `${g}: ${n}`).join(', ')}${counts.size > 10 ? ', …' : ''})`;
}

/** A folder as report.md names it: relative to the plan's folder, `/`-separated (no host path). */
function shownPath(planDir: string, dir: string): string {
  return path.relative(planDir, dir).split(path.sep).join('/') || '.';
}

/** Judge start failures that stop the run: the plan's own setup is wrong, not the judge's health. */
const REFUSING_JUDGE_ERRORS = new Set(['judge_unconfigured', 'incompatible_version', 'config_error']);

/** The steps digest fed during the run; undefined when some example did not run (preflight stop). */
/**
 * The tags a judge's lock entry records: those its verdicts reported this run, those its
 * registered rubrics have now (the score keys cover them), and the previous lock's for rubrics the
 * plan's metrics still use that neither names (not re-judged this run). A rubric the plan no
 * longer uses leaves the lock.
 */
function rubricTags(
  reported: Set<string> | undefined,
  pinned: Record<string, string> | undefined,
  previous: string | undefined,
  inUse: Set<string> | undefined,
): string[] {
  const tags = new Set<string>([...(reported ?? []), ...Object.values(pinned ?? {})]);
  const named = new Set([...tags].map(rubricNameOf));
  for (const tag of previous?.split(' | ') ?? [])
    if (tag && !named.has(rubricNameOf(tag)) && inUse?.has(rubricNameOf(tag))) tags.add(tag);
  return [...tags].sort();
}

/**
 * The model(s) a judge reported using, for a judge whose plan names none (an agent-eval server
 * picks its own): sorted, ` | `-joined like rubric tags; the lock's when this run judged nothing.
 */
function reportedModel(reported: Set<string> | undefined, previous: string | undefined): { model?: string } {
  if (reported && reported.size > 0) return { model: [...reported].sort().join(' | ') };
  return previous === undefined ? {} : { model: previous };
}

type JudgeInfo = {
  model?: string;
  version?: string;
  wireVersion?: string;
  rubricVersion?: string;
  registeredRubrics?: Record<string, string>;
};

/** The tags of the registered rubrics in use, asked of each judge (`GET /v1/rubrics`). */
async function liveJudgePins(
  judges: ReadonlyMap<string, JudgeRuntime>,
  registered: Map<string, Set<string>>,
  signal: AbortSignal,
): Promise<JudgePins> {
  const pins: JudgePins = {};
  for (const [id, names] of [...registered].sort(([a], [b]) => byText(a, b))) {
    const tags = await judges.get(id)?.registeredRubricVersions?.(signal);
    const listed = tags ? pinsListed(names, tags) : {};
    if (Object.keys(listed).length > 0) pins[id] = listed;
  }
  return pins;
}

/** Agents every example of which failed before scoring: each of its repeats has an error kind. */
export function unevaluatedAgents(results: readonly LockResult[]): string[] {
  const evaluated = new Map<string, boolean>();
  for (const r of results) {
    const agent = r.group.slice(0, r.group.indexOf('/'));
    const failed = r.errors !== undefined && r.errors.length > 0 && r.errors.every((e) => e !== null);
    evaluated.set(agent, (evaluated.get(agent) ?? false) || !failed);
  }
  return [...evaluated]
    .filter(([, any]) => !any)
    .map(([agent]) => agent)
    .sort();
}

function runDigest(feeds: Map<string, GroupDigestFeed>): string | undefined {
  const groups: [string, string][] = [];
  for (const [id, feed] of feeds) {
    const digest = feed.digest();
    if (digest === undefined) return undefined;
    groups.push([id, digest]);
  }
  return combineGroupDigests(groups);
}
