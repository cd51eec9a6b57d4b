/**
 * `evalc apply`: plan, then execute what is not cached, then write `evalc.lock` and the
 * reports. Every completed step is cached the moment it completes, so an interrupted run
 * resumes where it stopped; the lockfile is written only when the run is complete.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { compilePlan } from '../compiler/compile.js';
import { digestOf } from '../compiler/content-key.js';
import { judgePinsFromLock, registeredRubricsInUse } from '../compiler/judge-pins.js';
import { defaultDirs, loadPlan } from '../compiler/load-plan.js';
import { removeStaleTemps } from '../lockfile/serialize.js';
import { hasErrors } from '../plan/diagnostic.js';
import { scrubSecrets, scrubWholeSecrets } from '../plan/secrets.js';
import { agentNameChanges, cachedAnswers } from './agent-name-change.js';
import type { AgentRuntime } from './agent-runtime.js';
import { type ApplyOptions, type ApplyOutcome, LOCKED_WITH_UPDATE_LOCK } from './apply-types.js';
import { lockCache } from './cache-lock.js';
import { markPreflightFailed } from './collect-results.js';
import { notListeningHint, pinsWithoutDiscovery, type UndiscoveredAgent } from './discovery.js';
import { frozenRefusal } from './frozen-check.js';
import { frozenOutgrownNote } from './frozen-reply-limit.js';
import { dispatchSignal, graceSignal } from './grace-signal.js';
import { groupRuntime } from './group-runtime.js';
import { HeapWatch } from './heap-watch.js';
import { checkRaipInputs, preflightCount } from './input-schema-check.js';
import { InvokeGate } from './invoke-gate.js';
import { liveJudgePins } from './judge-lock-info.js';
import type { JudgeRuntime } from './judges.js';
import { checkLockFolderWritable, checkReportsFolderWritable } from './lock-folder-check.js';
import {
  agentDrift,
  datasetDrift,
  judgeDrift,
  lockedRefusal,
  lockedUnreadableRefusal,
  lockReaderOf,
  pinsOf,
  readPreviousPins,
} from './locked-inputs.js';
import { recordRun } from './record-run.js';
import { rubricVersionChanges } from './rubric-version-changes.js';
import { runAgents } from './run-agents.js';
import type { runExample } from './run-example.js';
import { RunLog } from './run-log.js';
import { planSecrets } from './run-secrets.js';
import { RunStore } from './run-store.js';
import { schemaCache } from './schema-cache.js';
import { SchemaDriftWatch } from './schema-drift.js';
import { warnShortSecrets } from './short-secrets.js';
import { deferredRefusal, startAgents } from './start-agents.js';
import { startJudges } from './start-judges.js';
import { GroupDigestFeed } from './steps-digest.js';
import { unwritableCacheRefusal } from './unwritable-cache-check.js';
import { upToDateApply } from './up-to-date-apply.js';

export type { ApplyOptions, ApplyOutcome, RunSummary } from './apply-types.js';

export async function applyPlan(options: ApplyOptions): Promise<ApplyOutcome> {
  if (options.locked && options.updateLock) return { status: 'refused', message: LOCKED_WITH_UPDATE_LOCK };
  const dirs = defaultDirs(path.resolve(options.cwd, options.planFile), options.env);
  const cacheDir = options.cacheDir ?? dirs.cacheDir;
  const previous = readPreviousPins(dirs.lockFile, options.cwd, lockReaderOf(options));
  if (!previous.ok) {
    // --locked says it in its own words, hinted to put the committed lock back (QA193).
    const locked = options.locked && previous.unreadable ? lockedUnreadableRefusal(dirs.lockFile) : undefined;
    return locked ?? { status: 'refused', message: previous.message };
  }
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
  if (loaded.diagnostics.length > 0) options.onPlanWarnings?.(loaded.diagnostics);
  const resolved = loaded.resolved;
  if (options.locked) {
    const drift = datasetDrift(loaded.compiled, previousLock, dirs.lockFile);
    if (drift.length > 0) return lockedRefusal(drift);
  }
  // One apply writes a cache at a time (cache-lock.ts); a second one waits for the first.
  const cacheLock = await lockCache(cacheDir, {
    signal: options.signal,
    onWait: (holder) =>
      options.progress.message(`evalc: waiting for the cache ${cacheDir}, in use by ${holder}`),
  });
  if (!cacheLock)
    return { status: 'interrupted', message: 'interrupted while waiting for the cache lock; nothing ran' };
  // A lock write killed mid-way left `evalc.lock.tmp-<pid>` in the user's tree: an apply that writes
  // no lock (up to date, --frozen) removes it too; a live writer's is kept (QA81).
  removeStaleTemps(dirs.lockFile);
  const runStore = new RunStore(cacheDir, (text) => options.progress.message(text), options.offer?.prune);
  const runSignal = dispatchSignal([options.signal, runStore.stopped]);
  const store = () => runStore.open();
  const schemas = schemaCache(cacheDir, store);
  const secrets: string[] = [];
  const scrub = (text: string) => scrubSecrets(text, secrets);
  const scrubContent = (text: string) => scrubWholeSecrets(text, secrets);
  const logsDir = path.join(dirs.stateDir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  const agents = new Map<string, AgentRuntime>();
  const judges = new Map<string, JudgeRuntime>();
  const logLines = new RunLog();
  // Steps in flight outlive the first Ctrl-C (see grace-signal.ts); dispatch stops at once.
  const inFlight = graceSignal(runSignal);
  const undiscovered = new Map<string, UndiscoveredAgent>();
  try {
    const agentIds = [...new Set(loaded.compiled.groups.map((g) => g.group.agentId))].sort();
    let pins = lockedPins;
    let judgePins = judgePinsFromLock(previousLock);
    let compiled = loaded.compiled;
    const recorded = upToDateApply({
      options,
      lockFile: dirs.lockFile,
      stateDir: dirs.stateDir,
      plan: resolved.plan,
      planDir: resolved.loaded.planDir,
      previousLock,
      store,
      cacheDir,
    });
    const upToDate = (): boolean => runStore.deciding(() => recorded.isUpToDate(compiled, pins));
    const finishUpToDate = (): Promise<ApplyOutcome> => {
      runStore.recordedByLock();
      return recorded.finish(compiled);
    };
    if (options.frozen) {
      if (upToDate()) return await finishUpToDate();
      runStore.frozen();
      const refusal = frozenRefusal(
        compiled,
        store(),
        resolved.plan,
        lockedPins,
        dirs.lockFile,
        previousLock,
      );
      if (refusal) return refusal;
      const outgrown = frozenOutgrownNote(compiled, store(), resolved.plan);
      if (outgrown) options.progress.message(`evalc: ${outgrown.replaceAll('\n', '\nevalc: ')}`);
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
      // All of them before the first served process writes its log (each agent adds its own again).
      secrets.push(...planSecrets(resolved.plan, options.env));
      // As compiled (QA118): a version evalc.lock took from the plan, not /info, is not echoed
      // by a 304 /info as if discovered, which re-keyed (re-invoked) the agent.
      const asLocked = loaded.compiled.agentPins ?? lockedPins;
      const started = await startAgents(agentIds, agents, {
        setup,
        lockedPins: asLocked,
        schemas,
        options,
        scrub,
      });
      if (!started.ok)
        return {
          status: 'refused',
          ...(started.reason ? { reason: started.reason } : {}),
          message: started.message,
        };
      for (const [id, failure] of started.undiscovered) undiscovered.set(id, failure);
      pins = started.pins;
      compiled = compilePlan(resolved, pins, { checkTemplates: false, judgePins });
      for (const line of agentNameChanges(
        previousLock,
        pins,
        compiled.agentDigests,
        Boolean(options.refresh),
        (id) => upToDate() || cachedAnswers(compiled, store(), id),
        options.offer?.refresh,
      ))
        setup.warn(line);
      if (options.locked) {
        const drift = agentDrift(compiled, previousLock, pins);
        if (drift.length > 0) return lockedRefusal(drift);
      }
      const misfit = checkRaipInputs(
        compiled,
        agents,
        undiscovered,
        preflightCount(resolved.plan),
        (text) => {
          options.progress.message(`evalc: warning: ${text}`);
          logLines.push(`warning: ${text}`);
        },
      );
      if (misfit) return { status: 'refused', message: misfit };
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
      const judgesReady = await startJudges(
        compiled,
        { ...setup, judgeDirs: resolved.loaded.commandDirs.judges },
        judges,
        {
          locked: Boolean(options.locked),
          scrub,
          waitFor: options.progress.waitFor,
          warn: (message, kind) => {
            options.progress.message(
              `evalc: ${message}\n  the run goes on: its metrics record ${kind} (the next apply asks it again)`,
            );
            logLines.push(`warning: ${message}`);
          },
        },
      );
      if (!judgesReady.ok) return { status: 'refused', message: judgesReady.message };
      if (registered.size > 0) {
        judgePins = await liveJudgePins(judges, registered, options.signal, setup.warn);
        // An unusable judge lists nothing: its rubrics keep the tags evalc.lock pinned.
        const locked = judgePinsFromLock(previousLock);
        for (const [id, judge] of judges) if (judge.unusable && locked[id]) judgePins[id] = locked[id];
        // --locked refuses such a change below, naming it: nothing is scored again (QA97).
        if (!options.locked) for (const line of rubricVersionChanges(locked, judgePins)) setup.warn(line);
        compiled = compilePlan(resolved, pins, { checkTemplates: false, judgePins });
      }
      if (options.locked) {
        const drift = await judgeDrift(judges, previousLock, options.signal);
        if (drift.length > 0) return lockedRefusal(drift);
      }
      if (upToDate()) return await finishUpToDate();
      const unstarted = deferredRefusal(started.deferred, compiled, store(), Boolean(options.refresh));
      if (unstarted) return { status: 'refused', message: unstarted };
    }

    checkLockFolderWritable(options.only ? dirs.onlyLockFile : dirs.lockFile);
    checkReportsFolderWritable(options, dirs.stateDir);
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
        scrubContent,
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
    // No prototype: an agent may be called `constructor` or `toString` (QA109).
    const totals: Record<string, number> = Object.create(null);
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
    const unwritable = unwritableCacheRefusal(compiled, store(), Boolean(options.refresh));
    if (unwritable) return { status: 'failed', message: unwritable };
    const preflight = preflightCount(resolved.plan);
    const aborted = await runAgents({
      agentIds,
      runtimes: groupRuntimes,
      concurrencyOf,
      examplesInFlightOf: (id) => agents.get(id)?.examplesInFlight ?? 2 * concurrencyOf(id),
      preflight,
      undiscovered,
      signal: runSignal,
      message: (text) => options.progress.message(text),
      scrub,
      notListeningHint: (id, error) => {
        const config = agents.get(id)?.config;
        return config ? notListeningHint(config, error) : '';
      },
      onHeld: (id, runs) => options.progress.held?.(id, runs),
      onRun: (rt, index, run) => {
        results.get(rt.compiled.group.id)![index] = run;
        digestFeeds.get(rt.compiled.group.id)!.add(index, run.digestLine);
        run.digestLine = ''; // hashed; 100k of these lines would otherwise stay alive until the end
        heap.tick();
      },
    });
    // A cache that cannot be written stops dispatch like a Ctrl-C: what never ran is `not run` (QA294).
    options.progress.finish({ interrupted: runSignal.aborted });
    store().flush();
    const gone = runStore.goneWarning(
      runSignal.aborted,
      path.basename(options.only ? dirs.onlyLockFile : dirs.lockFile),
    );
    if (gone) options.progress.message(gone);
    const writeFailure = store().writeFailure;
    if (writeFailure) return { status: 'failed', message: `cannot write: ${writeFailure.message}` };
    if (options.signal.aborted)
      return {
        status: 'interrupted',
        message: gone
          ? 'interrupted: the cache log went, and with it every step this run completed; run apply again'
          : 'interrupted: completed steps are cached; run apply again to finish',
      };
    for (const agentId of aborted.keys()) markPreflightFailed(compiled, results, agentId);

    return await recordRun({
      compiled,
      resolved,
      groupRuntimes,
      results,
      aborted,
      agents,
      agentIds,
      pins,
      lockedPins,
      judges,
      judgePins,
      rubricVersions,
      judgeModels,
      previousLock,
      drift,
      digestFeeds,
      dirs,
      options,
      runStore,
      logsDir,
      reporting,
      heap,
      logLines,
      scrub,
    });
  } finally {
    inFlight.dispose();
    for (const a of agents.values()) await a.stop().catch(() => {});
    for (const j of judges.values()) await j.stop().catch(() => {});
    runStore.close();
    cacheLock.release();
  }
}
