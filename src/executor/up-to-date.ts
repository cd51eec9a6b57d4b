/**
 * A re-apply whose every step is already recorded in evalc.lock has nothing to do: the
 * lockfile keeps a digest of every step key of the run that wrote it, and when the plan, the
 * agents' pins and that digest are unchanged (and the run had no transient failure to retry),
 * apply returns the lockfile as it is and re-renders the reports only if they are missing.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { aggregateMetricChange, datasetsMatch } from '../compiler/lock-records.js';
import type { Lockfile } from '../lockfile/types.js';
import { EVALC_VERSION } from '../version.js';
import { isDefinitiveFailure } from './step-records.js';
import { stepsDigest } from './steps-digest.js';

/**
 * The `steps` section of a lockfile: the digest, every error kind recorded, and whether a
 * re-apply would retry anything (`complete` false): an invoke failure that is not definitive, or
 * a judge-backed metric's failure (never cached, whatever its kind: a judge's 400 is a contract
 * error). A failure of a metric evalc computes itself is as final as its score, and so is an
 * `extraction_failed`: a binding's expression on a cached answer, itself cached (QA101: DESIGN §2's
 * plan, whose default binding reads `output.answer` of its mae agent, was never up to date).
 */
export function stepsSection(
  digest: string,
  errorKinds: Record<string, number>,
  retry: { invokeKinds: readonly string[]; metricErrors: number; transient?: number },
): NonNullable<Lockfile['steps']> {
  const complete =
    retry.metricErrors === 0 &&
    (retry.transient ?? 0) === 0 &&
    retry.invokeKinds.every(
      (kind) => kind === 'extraction_failed' || isDefinitiveFailure({ kind: kind as never, message: '' }),
    );
  const errors: Record<string, number> = {};
  for (const kind of Object.keys(errorKinds).sort()) errors[kind] = errorKinds[kind]!;
  return { complete, digest, errors };
}

export function isLockUpToDate(
  lock: Lockfile | undefined,
  compiled: CompiledPlan,
  _pins: Record<string, AgentPin>,
): lock is Lockfile & { steps: NonNullable<Lockfile['steps']> } {
  if (!lock?.steps?.complete || lock.evalc !== EVALC_VERSION) return false;
  // Regression gates evaluated against a --baseline run are not this run's (it has none: with
  // one, apply always runs): the gates must be evaluated again, as skipped.
  if (lock.gates.some((g) => g.kind === 'regression' && !g.skipped)) return false;
  if (lock.plan.digest !== compiled.resolved.planDigest) return false;
  const agentIds = [...new Set(compiled.groups.map((g) => g.group.agentId))];
  if (Object.keys(lock.agents).length !== agentIds.length) return false;
  // An agent's identity is its digest (schema digest and version). A new ETag or discovered name
  // alone changes no result (RAIP R3: a warning only) and `plan` cannot see it offline: the lock
  // stays as it is and keeps the pins of the run that wrote it.
  for (const id of agentIds) {
    const locked = lock.agents[id];
    if (!locked || locked.digest !== compiled.agentDigests[id]) return false;
  }
  if (!datasetsMatch(lock, compiled) || aggregateMetricChange(lock, compiled) !== undefined) return false;
  return lock.steps.digest === stepsDigest(compiled);
}

const STAMP = '.evalc-stamp';

/** What the reports in a folder were rendered from: the lockfile's bytes and the baseline's. */
export function reportStamp(lockFile: string, baselineFile: string | undefined): string {
  return finishReportStamp(createHash('sha256').update(readFileSync(lockFile)), baselineFile);
}

/**
 * `reportStamp` from a sha256 already fed the lockfile's bytes (`writeLockFile`'s `hash`): apply
 * does not read back the lockfile it has just written (38 MB at 100k examples).
 */
export function finishReportStamp(lockHash: Hash, baselineFile: string | undefined): string {
  if (baselineFile) lockHash.update('\nbaseline\n').update(readFileSync(baselineFile));
  return lockHash.digest('hex');
}

export function reportsAreCurrent(dir: string, stamp: string, files: readonly string[]): boolean {
  const stampFile = path.join(dir, STAMP);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8').trim() !== stamp) return false;
  return files.every((f) => existsSync(path.join(dir, f)));
}

/**
 * Forgets what a folder's reports were rendered from: `evalc report` wrote them (with its own
 * baseline, cache or format), so an up-to-date apply must render its own again (QA51: after
 * `report --baseline other.lock`, apply left that comparison in place and named the folder as its reports).
 */
export function forgetReportStamp(dir: string): void {
  rmSync(path.join(dir, STAMP), { force: true });
}

export function writeReportStamp(dir: string, stamp: string): void {
  writeFileSync(path.join(dir, STAMP), `${stamp}\n`);
}
