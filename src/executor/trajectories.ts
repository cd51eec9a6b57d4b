/** Looks up the cached invoke and extract records of a lockfile's results, for reports. */
import type { Lockfile } from '../lockfile/types.js';
import type { Trajectory } from '../protocols/types.js';
import type { StepStore } from './cache-store.js';

export interface TrajectoryEntry {
  trajectory?: Trajectory;
  durationMs?: number;
}

export function trajectoriesFor(
  lock: Lockfile,
  store: StepStore,
  limit = 5000,
): Record<string, TrajectoryEntry> {
  const out: Record<string, TrajectoryEntry> = {};
  let count = 0;
  for (const result of lock.results) {
    for (const key of result.invoke) {
      if (!key || count >= limit) continue;
      const record = store.get<{ trajectory: Trajectory; durationMs: number }>(key);
      if (!record) continue;
      out[key] = { trajectory: record.trajectory, durationMs: record.durationMs };
      count++;
    }
  }
  return out;
}
