/**
 * Which lockfile `evalc plan` compares with. `apply --only task[/dataset]` never rewrites
 * evalc.lock (it describes the whole plan) but writes `.evalc/evalc.only.lock`; so
 * `plan --only` compares with that lock when it was written for this very selection of this very
 * plan (same plan digest, same agent × task × dataset groups), else with evalc.lock. Without
 * this, `plan --only X` after `apply --only X` kept reporting aggregates to redo for ever.
 */
import type { CompiledPlan } from '../compiler/compile.js';
import type { Lockfile } from '../lockfile/types.js';

export function chooseLockForPlan(
  lock: Lockfile | undefined,
  onlyLock: Lockfile | undefined,
  compiled: CompiledPlan,
): Lockfile | undefined {
  if (onlyLock && recordsSelection(onlyLock, compiled)) return onlyLock;
  return lock;
}

function recordsSelection(lock: Lockfile, compiled: CompiledPlan): boolean {
  if (lock.plan.digest !== compiled.resolved.planDigest) return false;
  const groups = Object.keys(lock.groups ?? {});
  if (groups.length !== compiled.groups.length) return false;
  const wanted = new Set(compiled.groups.map((g) => g.group.id));
  return groups.every((id) => wanted.has(id));
}
