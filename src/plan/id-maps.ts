/**
 * The plan's maps keyed by user-chosen ids (agents, judges, rubrics, tasks, prices, and each
 * task's bindings and datasets) as objects without a prototype. An id is any ASCII word, so it may be
 * `toString`, `constructor` or `hasOwnProperty`: with Object.prototype behind the map, a lookup
 * of an id the map does not hold (`task.bindings[agentId]`, `plan.judges[ref]`) found the
 * built-in function instead of `undefined` (QA35: an agent named `hasOwnProperty` read as having
 * a binding with no outputs). Without a prototype, every `map[id]` lookup is an own lookup.
 */
import type { Plan } from './schema.js';

export function withIdMaps(plan: Plan): Plan {
  const tasks = bare(plan.tasks);
  for (const id of Object.keys(tasks)) {
    const task = tasks[id];
    if (task === undefined) continue;
    tasks[id] = { ...task, bindings: bare(task.bindings), datasets: bare(task.datasets) };
  }
  return {
    ...plan,
    agents: bare(plan.agents),
    judges: bare(plan.judges),
    rubrics: bare(plan.rubrics),
    prices: bare(plan.prices),
    tasks,
  };
}

/** A copy of `map` with the same own entries and no prototype. */
function bare<T>(map: Record<string, T>): Record<string, T>;
function bare<T>(map: Record<string, T> | undefined): Record<string, T> | undefined;
function bare<T>(map: Record<string, T> | undefined): Record<string, T> | undefined {
  if (map === undefined) return undefined;
  return Object.assign(Object.create(null) as Record<string, T>, map);
}
