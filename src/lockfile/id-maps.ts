/**
 * A read lockfile's maps keyed by ids (agents, judges, datasets, groups and their metrics, the
 * aggregates by scope, agent and metric, the volatile figures) as objects without a prototype.
 * JSON.parse gives every object Object.prototype, so looking up an id the lock does not hold —
 * an agent `toString` new to the plan — found the built-in function: `plan` said "version (none)
 * → 1; input schema changed: apply stops…" and "new dataset" instead of "new agent" (QA35).
 * The rows of `results` are left as parsed (20,000 of them are read on every plan).
 */
import type { Lockfile } from './types.js';

export function withIdMaps(lock: Lockfile): Lockfile {
  lock.agents = bare(lock.agents);
  lock.judges = bare(lock.judges);
  lock.datasets = bare(lock.datasets);
  lock.groups = bare(lock.groups);
  for (const group of Object.values(lock.groups ?? {})) if (group) group.metrics = bare(group.metrics);
  lock.aggregates = bare(lock.aggregates);
  for (const scope of Object.keys(lock.aggregates ?? {})) {
    const byAgent = bare(lock.aggregates[scope] ?? {});
    for (const agent of Object.keys(byAgent)) byAgent[agent] = bare(byAgent[agent] ?? {});
    lock.aggregates[scope] = byAgent;
  }
  lock.volatile = bare(lock.volatile);
  return lock;
}

/** A copy of `map` with the same own entries (a `__proto__` key included) and no prototype. */
function bare<T>(map: Record<string, T>): Record<string, T> {
  // A field a hand-edited or older lock lacks stays as it is (checkLockShape reports what matters).
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
  const out = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(map)) out[key] = map[key] as T;
  return out;
}
