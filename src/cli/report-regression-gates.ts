/**
 * `report --baseline`'s regression gates, judged as `apply --baseline` judges them on an
 * up-to-date lock (executor/baseline-gates.ts) — QA55: the report said "1 of 8 gates failed" where
 * apply said 2. A gate's `max_drop` and `significance` are the plan's, which the lock does not
 * record; its plan digest covers them, though: the plan is the YAML file beside the lock (evalc.yaml
 * first, then the folder's other *.yaml / *.yml, then the current folder's evalc.yaml) whose digest
 * is the lock's. Without one the gates stay skipped, and their message says why in words.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { digestOf } from '../compiler/content-key.js';
import { planForDigest } from '../compiler/identities.js';
import { gatesAgainstBaseline } from '../executor/baseline-gates.js';
import type { Lockfile, LockGate } from '../lockfile/types.js';
import { hasErrors } from '../plan/diagnostic.js';
import { loadPlanFile } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';
import { validatePlanSchema } from '../plan/validate-schema.js';
import { lockPlanFolder } from './lock-folder.js';

/** What `apply` records for a regression gate it had no baseline for. */
const unjudged = (g: LockGate) =>
  g.kind === 'regression' &&
  g.skipped === true &&
  g.message === `${g.metric}: no baseline, regression check skipped`;

/** The plan files tried, at most this many of a folder (a folder of many YAML files is not a plan's). */
const MAX_CANDIDATES = 20;

/**
 * The lock with its regression gates judged against `baseline` when the plan it was applied from is
 * found, else with each one saying why it is skipped here; `plan` names the plan file used.
 */
export function reportRegressionGates(
  lock: Lockfile,
  lockFile: string,
  baseline: Lockfile,
  cwd: string,
): { lock: Lockfile; plan?: string } {
  if (!lock.gates.some(unjudged)) return { lock };
  const skipped = (reason: string): { lock: Lockfile } => ({
    lock: {
      ...lock,
      gates: lock.gates.map((g) =>
        unjudged(g)
          ? {
              ...g,
              message: `${g.metric}: skipped here, ${reason}; its max_drop and significance are the plan's, which the lockfile does not record (regression gates are judged by evalc apply --baseline)`,
            }
          : g,
      ),
    },
  });
  // A partial run's lock: which gates its selection reached is apply's to say.
  if (path.basename(lockFile) === 'evalc.only.lock')
    return skipped('the lockfile is an apply --only run’s (a partial run)');
  const folder = lockPlanFolder(lockFile);
  const found = planOf(lock, candidates(folder, cwd));
  if (!found.plan)
    return skipped(
      found.tried === 0
        ? `no plan (evalc.yaml) beside ${shown(cwd, lockFile)}`
        : `no plan beside ${shown(cwd, lockFile)} is the one it was applied from (${found.tried === 1 ? 'its' : 'their'} digest is not the lockfile's: the plan changed since)`,
    );
  const gates = gatesAgainstBaseline(lock, baseline, found.plan, metricTypesOf(lock));
  if (!gates)
    return skipped(`the gates of ${shown(cwd, found.file!)} do not fall where the lockfile records them`);
  return { lock: { ...lock, gates }, plan: found.file! };
}

/** evalc.yaml beside the lock, the folder's other YAML files, then the current folder's evalc.yaml. */
function candidates(folder: string, cwd: string): string[] {
  let others: string[] = [];
  try {
    others = readdirSync(folder)
      .filter((n) => n !== 'evalc.yaml' && /\.ya?ml$/.test(n))
      .sort()
      .map((n) => path.join(folder, n));
  } catch {
    // an unreadable folder (a pipe's /dev/fd): no candidates there
  }
  const files = [path.join(folder, 'evalc.yaml'), ...others, path.resolve(cwd, 'evalc.yaml')];
  return [...new Set(files)].slice(0, MAX_CANDIDATES);
}

/** The first candidate that loads as a valid plan whose digest is the lock's. */
function planOf(lock: Lockfile, files: string[]): { plan?: Plan; file?: string; tried: number } {
  let tried = 0;
  for (const file of files) {
    let plan: Plan | undefined;
    let loaded: ReturnType<typeof loadPlanFile>;
    try {
      loaded = loadPlanFile(file);
      if (Object.keys(loaded.raw).length === 0 || hasErrors(loaded.diagnostics)) continue;
      plan = validatePlanSchema(loaded.raw, loaded.locate).plan;
    } catch {
      continue;
    }
    if (!plan) continue;
    tried++;
    if (digestOf(planForDigest(plan, loaded.commandDirs)) === lock.plan.digest) return { plan, file, tried };
  }
  return { tried };
}

/** Metric id → type, as the lock's groups record them (what direction a value's drop has). */
function metricTypesOf(lock: Lockfile): Record<string, string> {
  const types: Record<string, string> = {};
  for (const group of Object.values(lock.groups))
    for (const [id, m] of Object.entries(group.metrics)) types[id] = m.type;
  return types;
}

function shown(cwd: string, file: string): string {
  return path.relative(cwd, file) || file;
}
