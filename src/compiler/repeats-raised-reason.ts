/**
 * Why the aggregates run again when run.repeats was raised and the cache already holds the added
 * repeats' runs (an earlier run with more repeats, then lowered): apply records them in evalc.lock
 * calling no agent. `plan` read `because evalc.lock does not record 24 cached runs (from an
 * \`apply --only\`, an earlier run whose lock was not kept, …)`, the edit unsaid and the repeats
 * the lock does record counted too (QA352: 24 of 12).
 */
import type { Lockfile } from '../lockfile/types.js';
import type { CompiledPlan } from './compile.js';

export function repeatsRaisedReason(
  compiled: CompiledPlan,
  lock: Lockfile,
  staleRuns: number,
): string | undefined {
  const now = compiled.resolved.plan.run.repeats;
  const was = (lock.run as Lockfile['run'] | undefined)?.repeats;
  if (staleRuns === 0 || was === undefined || now <= was) return undefined;
  const runs = staleRuns === 1 ? '1 cached run' : `${staleRuns} cached runs`;
  return `because run.repeats changed (${was} → ${now}) and the cache holds the added repeats' runs (an earlier run had more): evalc.lock does not record ${runs}, apply records ${staleRuns === 1 ? 'it' : 'them'}, calling no agent`;
}
