/** Agents a run evaluated nothing for: the run fails for them, fresh or up to date. */

import type { LockResult } from '../lockfile/types.js';

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
