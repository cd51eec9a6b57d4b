/**
 * An apply with nothing to run (up-to-date.ts decides): evalc.lock keeps its content, the reports
 * are rendered again only when missing or stale (and the lock then written back in evalc's own
 * form, byte-identical unless another tool re-saved it), and with `--baseline` the lock's rows stand in
 * for a run so that its regression gates are evaluated (baseline-gates.ts).
 */

import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { replyLimit } from '../compiler/reply-limit-failures.js';
import { lockHoldsStaleFailure, mayHoldStaleFailure } from '../compiler/stale-failures.js';
import { hashIfUnchanged } from '../lockfile/same-bytes.js';
import { readLockFile, writeLockFile } from '../lockfile/serialize.js';
import type { Lockfile, LockGate } from '../lockfile/types.js';
import type { Plan } from '../plan/schema.js';
import { DRIFT_MIN_REFUSALS } from '../reports/schema-drift.js';
import { REPORT_FILES } from '../reports/types.js';
import type { ApplyOptions, ApplyOutcome, RunSummary } from './apply-types.js';
import { gatesAgainstBaseline } from './baseline-gates.js';
import { cacheHolding, cacheNote, holdsNoneOfTheRun } from './cache-holding.js';
import type { LogStore } from './cache-store.js';
import { damagedLockMessage, lockReaderOf, readBaseline } from './locked-inputs.js';
import { recordedSchemaDrift } from './recorded-drift.js';
import { reportsDirOf, shownPath } from './report-paths.js';
import { metricTypesOf } from './run-gates.js';
import { reportSources } from './trajectories.js';
import { unevaluatedAgents } from './unevaluated-agents.js';
import {
  finishReportStamp,
  isLockUpToDate,
  reportStamp,
  reportsAreCurrent,
  writeReportStamp,
} from './up-to-date.js';

export interface UpToDateContext {
  options: ApplyOptions;
  lockFile: string;
  stateDir: string;
  plan: Plan;
  planDir: string;
  previousLock: Lockfile | undefined;
  /** The step log, opened on first use (reports read trajectories from it). */
  store: () => LogStore;
  /** Its folder, as a note names it. */
  cacheDir: string;
}

export interface UpToDateApply {
  /** Whether this compiled plan, with these pins, has every step recorded in evalc.lock. */
  isUpToDate(compiled: CompiledPlan, pins: Record<string, AgentPin>): boolean;
  /** The outcome of an apply that ran nothing. */
  finish(compiled: CompiledPlan): Promise<ApplyOutcome>;
}

export function upToDateApply(ctx: UpToDateContext): UpToDateApply {
  const { options, previousLock } = ctx;
  // With --baseline, the lock's regression gates are evaluated from its rows: computed once,
  // undefined when the rows cannot stand in for a run.
  let reportsNote: string | undefined;
  let vsBaseline: { lock: Lockfile; baseline: Lockfile; gates: LockGate[] } | undefined | null = null;
  const gatesVsBaseline = (compiled: CompiledPlan) => {
    if (vsBaseline !== null || !options.baseline) return vsBaseline ?? undefined;
    const full = readLockFile(ctx.lockFile);
    const baseline = readBaseline(options.baseline, options.cwd);
    const gates =
      full.ok && baseline
        ? gatesAgainstBaseline(full.lock, baseline, ctx.plan, metricTypesOf(compiled))
        : undefined;
    vsBaseline = full.ok && baseline && gates ? { lock: full.lock, baseline, gates } : undefined;
    return vsBaseline;
  };
  const writeReports = async (reportsDir: string, lock: Lockfile, baseline?: Lockfile) => {
    const { writeReportFiles } = await import('./write-reports.js');
    const store = ctx.store();
    // A lock applied with another --cache-dir (or restored without its cache) is up to date all the
    // same: its reports say they lack the answers, as `evalc report`'s do (QA279: said nothing).
    const held = cacheHolding(lock, store);
    const withoutCache = holdsNoneOfTheRun(held);
    reportsNote = cacheNote(
      held,
      path.relative(options.cwd, path.resolve(options.cwd, ctx.cacheDir)) || '.',
      options.cacheDir !== undefined,
    );
    writeReportFiles(reportsDir, {
      lock,
      ...(baseline ? { baseline } : {}),
      ...reportSources(lock, store),
      reportsPath: shownPath(ctx.planDir, reportsDir),
      ...(withoutCache ? { withoutCache } : {}),
    });
  };
  return {
    isUpToDate: (compiled, pins) =>
      !options.refresh &&
      !options.only &&
      isLockUpToDate(previousLock, compiled, pins) &&
      // --update-lock pins a new ETag of the same schema, which an up-to-date lock kept (QA143).
      !(options.updateLock && etagMoved(previousLock, pins)) &&
      // An older evalc's cached failure this one would not get again is asked once more (QA128).
      // …and so is a reply refused under a smaller limits.maxResponseBytes than the agent's now (QA324).
      !holdsStaleFailure(previousLock, ctx.lockFile, ctx.store, (id) =>
        replyLimit(compiled.resolved.plan, id),
      ) &&
      (!options.baseline || gatesVsBaseline(compiled) !== undefined),
    async finish(compiled) {
      const compared = options.baseline ? gatesVsBaseline(compiled) : undefined;
      const lock = compared ? { ...compared.lock, gates: compared.gates } : previousLock!;
      const reportsDir = reportsDirOf(options, ctx.stateDir);
      const stamp = reportStamp(
        ctx.lockFile,
        options.baseline ? path.resolve(options.cwd, options.baseline) : undefined,
      );
      if (compared) {
        // The comparison is this command's: its reports are rendered, evalc.lock stays as it is.
        await writeReports(reportsDir, lock, compared.baseline);
        writeReportStamp(reportsDir, stamp);
      } else if (!reportsAreCurrent(reportsDir, stamp, REPORT_FILES)) {
        const full = readLockFile(ctx.lockFile);
        if (!full.ok)
          return {
            status: 'refused',
            message:
              full.missing || full.unreadable
                ? full.message
                : damagedLockMessage(ctx.lockFile, options.cwd, full.message, lockReaderOf(options)),
          };
        // The lock's bytes are not the ones the reports were made from: a lock re-saved by another
        // tool (4-space indent, ASCII escapes) is written back in evalc's form (DESIGN §5; QA35),
        // an untouched one byte-identical. The stamp is of the bytes written.
        // Only changed bytes are written: an untouched lock in a read-only plan folder (the reports
        // in a writable .evalc/) is rendered, not refused for its temp file (QA183).
        // Compared as it is rendered, never whole in memory (QA188: +100 MB at 100k examples).
        let lockHash = hashIfUnchanged(ctx.lockFile, full.lock);
        if (!lockHash) {
          lockHash = createHash('sha256');
          writeLockFile(ctx.lockFile, full.lock, { hash: lockHash });
        }
        await writeReports(reportsDir, full.lock);
        writeReportStamp(reportsDir, finishReportStamp(lockHash, undefined));
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
      const perAgent = new Map<string, number>();
      for (const { group } of compiled.groups)
        perAgent.set(group.agentId, (perAgent.get(group.agentId) ?? 0) + group.dataset.examples.length);
      const smallest = Math.min(...perAgent.values()) * lock.run.repeats;
      const unevaluable = summary.errors > 0 && summary.errors >= smallest;
      // Drift needs DRIFT_MIN_REFUSALS contract_errors: only then is the lock read for it.
      const drifting = (errorKinds.contract_error ?? 0) >= DRIFT_MIN_REFUSALS;
      if (unevaluable || drifting) {
        const full = readLockFile(ctx.lockFile);
        const unevaluated = full.ok && unevaluable ? unevaluatedAgents(full.lock.results) : [];
        if (unevaluated.length > 0) summary.unevaluated = unevaluated;
        const drift = full.ok && drifting ? recordedSchemaDrift(full.lock) : [];
        if (drift.length > 0) summary.schemaDrift = drift;
      }
      return {
        status: 'done',
        lock,
        lockFile: ctx.lockFile,
        reportsDir,
        summary,
        ...(reportsNote ? { reportsNote } : {}),
      };
    },
  };
}

/** Whether the lock's rows (read only when its header may hold one) name a stale cached failure. */
function holdsStaleFailure(
  header: Lockfile,
  lockFile: string,
  store: () => LogStore,
  replyLimitOf: (agentId: string) => number,
): boolean {
  if (!mayHoldStaleFailure(header)) return false;
  const full = readLockFile(lockFile);
  return full.ok && lockHoldsStaleFailure(full.lock, store, replyLimitOf);
}

/** Whether a discovered ETag differs from the one evalc.lock pins for that agent. */
function etagMoved(lock: Lockfile | undefined, pins: Record<string, AgentPin>): boolean {
  return Object.entries(pins).some(
    ([id, pin]) => pin.etag !== undefined && pin.etag !== lock?.agents[id]?.etag,
  );
}
