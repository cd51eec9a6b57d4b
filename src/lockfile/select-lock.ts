/**
 * The part of a lockfile an `apply --only task[/dataset]` selection covers (QA70), for comparing
 * a partial run with a whole-plan baseline: the groups, rows, datasets and volatile figures of
 * the selected task or dataset, the agents and judges its groups use, the aggregates the selection computes whole (its datasets, and
 * its task when the whole task was selected; never the benchmark, which the selection only
 * partly covers), and the gates judged at those scopes. Without it the comparison read the
 * datasets outside the selection as removed, their examples as gone, and the partial run's
 * benchmark mean against the baseline's whole one as a change of an agent that did not change.
 * Its `steps.errors` counts the selected rows' failures (QA332: the whole lock's were kept, so a
 * diff of an `--only` lock against a whole one read `errors 14 → 2` of a task that had 2 in both).
 */
import type { Lockfile } from './types.js';

export function selectLock(lock: Lockfile, only: string): Lockfile {
  const slash = only.indexOf('/');
  const task = slash < 0 ? only : only.slice(0, slash);
  const dataset = slash < 0 ? undefined : only.slice(slash + 1);
  const inside = (t: string, d: string) => t === task && (dataset === undefined || d === dataset);
  const groups = Object.fromEntries(
    Object.entries(lock.groups).filter(([, g]) => inside(g.task, g.dataset)),
  ) as Lockfile['groups'];
  // `t/d` (a dataset id, and the rest of an example path `t/d/e`): inside when t/d is selected.
  const pathInside = (rest: string): boolean => {
    const cut = rest.indexOf('/');
    if (cut <= 0) return false;
    const next = rest.indexOf('/', cut + 1);
    return inside(rest.slice(0, cut), next < 0 ? rest.slice(cut + 1) : rest.slice(cut + 1, next));
  };
  const datasets = Object.fromEntries(
    Object.entries(lock.datasets).filter(([id]) => pathInside(id)),
  ) as Lockfile['datasets'];
  // An aggregate's scope (`task/t`, `dataset/t/d`) or a gate's target (`task:t`, `dataset:t/d`,
  // `example:t/d/e`); the benchmark, and a task of which one dataset was selected, are partial.
  const scopeInside = (scope: string): boolean => {
    if (scope === `task/${task}` || scope === `task:${task}`) return dataset === undefined;
    for (const prefix of ['dataset/', 'dataset:', 'example:']) {
      if (scope.startsWith(prefix)) return pathInside(scope.slice(prefix.length));
    }
    return false;
  };
  const aggregates = Object.fromEntries(
    Object.entries(lock.aggregates).filter(([scope]) => scopeInside(scope)),
  ) as Lockfile['aggregates'];
  const volatile = lock.volatile
    ? (Object.fromEntries(
        Object.entries(lock.volatile).filter(([group]) => group in groups),
      ) as Lockfile['volatile'])
    : lock.volatile;
  // The agents and judges the selected groups use: the others did not run in the selection, in
  // either lock, and are no more "removed" than the datasets outside it.
  const agentIds = new Set(Object.values(groups).map((g) => g.agent));
  const judgeIds = new Set(
    Object.values(groups).flatMap((g) =>
      Object.values(g.metrics).flatMap((m) => (typeof m.config.judge === 'string' ? [m.config.judge] : [])),
    ),
  );
  const agents = Object.fromEntries(
    Object.entries(lock.agents).filter(([id]) => agentIds.has(id)),
  ) as Lockfile['agents'];
  const judges = Object.fromEntries(
    Object.entries(lock.judges).filter(([id]) => judgeIds.has(id)),
  ) as Lockfile['judges'];
  const results = lock.results.filter((r) => r.group in groups);
  return {
    ...lock,
    ...(lock.steps ? { steps: { ...lock.steps, errors: rowErrorKinds(results) } } : {}),
    agents,
    judges,
    datasets,
    groups,
    aggregates,
    results,
    gates: lock.gates.filter((g) => scopeInside(g.scope)),
    ...(volatile !== undefined ? { volatile } : {}),
  };
}

/**
 * Failed example runs by kind, counted as apply counts them into `steps.errors`
 * (executor/collect-results.ts): each failed repeat of an invoke or extraction, and each failed
 * repeat of a metric's own error (once when the row does not say how many).
 */
function rowErrorKinds(results: Lockfile['results']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of results) {
    for (const kind of row.errors ?? []) if (kind !== null) counts[kind] = (counts[kind] ?? 0) + 1;
    for (const metric of Object.values(row.metrics)) {
      if (metric.error === undefined) continue;
      counts[metric.error] = (counts[metric.error] ?? 0) + (metric.errors ?? 1);
    }
  }
  const sorted: Record<string, number> = {};
  for (const kind of Object.keys(counts).sort()) sorted[kind] = counts[kind]!;
  return sorted;
}
