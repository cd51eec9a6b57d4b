/**
 * The end of a live apply, once every example has run: its results collected into the lockfile
 * rows and the summary, agents' names pinned, schema drift told, the gates evaluated, then
 * `evalc.lock` (or `--only`'s lockfile) and the reports written.
 */

import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import type { JudgePins } from '../compiler/judge-pins.js';
import type { defaultDirs } from '../compiler/load-plan.js';
import type { ResolvedPlan } from '../compiler/resolve.js';
import { sortKeys, writeLockFile } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import type { TaskInput } from '../metrics/index.js';
import { answeredLiveWithoutName, pinAgentNames } from './agent-names.js';
import type { AgentRuntime } from './agent-runtime.js';
import type { ApplyOptions, ApplyOutcome } from './apply-types.js';
import { buildLock } from './build-lock.js';
import { collect } from './collect-results.js';
import type { HeapWatch } from './heap-watch.js';
import { judgeLockInfo } from './judge-lock-info.js';
import type { JudgeRuntime } from './judges.js';
import type { ExampleRun, GroupRuntime } from './run-example.js';
import { aggregateAndGate } from './run-gates.js';
import type { RunLog } from './run-log.js';
import { writeRunReports } from './run-reports.js';
import type { RunStore } from './run-store.js';
import { describeDrift, type SchemaDriftWatch } from './schema-drift.js';
import { judgeWarningCounts } from './score-repeat.js';
import { type GroupDigestFeed, runDigest, stepsDigest } from './steps-digest.js';
import { unevaluatedAgents } from './unevaluated-agents.js';
import { stepsSection } from './up-to-date.js';

/** What the run left to record (apply-run.ts). */
export interface FinishedRun {
  compiled: CompiledPlan;
  resolved: ResolvedPlan;
  groupRuntimes: GroupRuntime[];
  /** Each group's runs by example index; cleared here once the gates are evaluated. */
  results: Map<string, (ExampleRun | undefined)[]>;
  /** Agents whose preflight failed, with why. */
  aborted: Map<string, string>;
  agents: Map<string, AgentRuntime>;
  agentIds: string[];
  pins: Record<string, AgentPin>;
  lockedPins: Record<string, AgentPin>;
  judges: Map<string, JudgeRuntime>;
  judgePins: JudgePins;
  rubricVersions: Map<string, Set<string>>;
  judgeModels: Map<string, Set<string>>;
  previousLock: Lockfile | undefined;
  drift: SchemaDriftWatch;
  digestFeeds: Map<string, GroupDigestFeed>;
  dirs: ReturnType<typeof defaultDirs>;
  options: ApplyOptions;
  runStore: RunStore;
  logsDir: string;
  reporting: Promise<typeof import('./write-reports.js')>;
  heap: HeapWatch;
  logLines: RunLog;
  scrub: (text: string) => string;
}

export async function recordRun(run: FinishedRun): Promise<ApplyOutcome> {
  const { compiled, resolved, groupRuntimes, results, aborted, agents, agentIds, lockedPins } = run;
  const { judges, judgePins, rubricVersions, judgeModels, previousLock, drift, digestFeeds } = run;
  const { dirs, options, runStore, logsDir, reporting, heap, logLines, scrub } = run;
  const store = () => runStore.open();
  let pins = run.pins;
  const collected = collect(compiled, groupRuntimes, results);
  const { lockResults, summary, volatile } = collected;
  if (aborted.size > 0) summary.preflightFailed = [...aborted.keys()].sort();
  const retries = [...agents.values()].reduce((n, a) => n + a.retriesSent(), 0);
  if (retries > 0) summary.retries = retries;
  let judged = 0;
  for (const judge of judges.values()) judged += judge.calls?.() ?? 0;
  if (judged > 0) summary.judged = judged;
  const unevaluated = unevaluatedAgents(lockResults);
  if (unevaluated.length > 0) summary.unevaluated = unevaluated;
  const firstFailures = Object.fromEntries(
    [...judges].flatMap(([id, judge]) => {
      const said = judge.firstFailure?.();
      return said === undefined ? [] : [[id, said]];
    }),
  );
  if (Object.keys(firstFailures).length > 0) summary.judgeFirstFailures = firstFailures;
  // Seed mae agents' names come from their cached replies, live or cached run alike (agent-names.ts).
  pins = pinAgentNames(pins, {
    agents: resolved.plan.agents,
    agentIds,
    groupAgents: new Map(compiled.groups.map((cg) => [cg.group.id, cg.group.agentId])),
    results: lockResults,
    store: store(),
    locked: lockedPins,
    nameless: (id) => answeredLiveWithoutName(id, agents, compiled, results),
  });
  for (const [group, refused] of drift.refusalsByGroup()) {
    const entry = volatile[group];
    if (entry) entry.schemaRefusals = refused;
  }
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
  const {
    aggregate: aggregateReport,
    gates,
    lockGates,
    baselineLock,
  } = aggregateAndGate(compiled, resolved.plan, taskInputs, options);
  taskInputs = undefined;
  summary.gatesFailed = gates.filter((g) => !g.passed && !g.skipped).length;
  const judgeInfo = judgeLockInfo(
    compiled,
    resolved.plan,
    {
      judges,
      pins: judgePins,
      reports: { rubricVersions, judgeModels, warnings: judgeWarningCounts(rubricVersions) },
    },
    previousLock,
    (text) => options.progress.message(`evalc: warning: ${text}`),
  );
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
  const replaced = previousLock?.plan.benchmark.id;
  if (!options.only && replaced !== undefined && replaced !== resolved.plan.benchmark.id)
    options.progress.message(
      `evalc: warning: ${path.basename(lockFile)} held the lock of benchmark ${replaced}, another plan in this folder? It now locks ${resolved.plan.benchmark.id}. Plans in one folder share evalc.lock and .evalc/: give each plan a folder of its own.`,
    );
  // apply's rows are built key-sorted (lockResult, markPreflightFailed): none is checked again.
  // The report stamp is a digest of the bytes written, fed as they are written.
  const lockHash = createHash('sha256');
  writeLockFile(lockFile, lock, { resultsSorted: true, hash: lockHash });
  const { reportsDir, compared } = await writeRunReports({
    lock,
    lockHash,
    baseline: baselineLock ? { lock: baselineLock, gates } : undefined,
    options,
    stateDir: dirs.stateDir,
    planDir: resolved.loaded.planDir,
    logsDir,
    runStore,
    datasets: compiled.resolved.datasets,
    reporting,
    heap,
    logLines,
    scrub,
  });
  return { status: 'done', lock: compared, lockFile, reportsDir, summary };
}
