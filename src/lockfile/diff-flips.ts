/**
 * Example flips of `diffLocks` (diff.ts): the paired examples whose overall pass changed, pass →
 * fail first, with the metrics that flipped the same way and the error kinds of the failing side.
 */
import { nonDecidingMetricIds } from './deciding-metrics.js';
import type { Row } from './diff-rows.js';
import { byText } from './text-order.js';
import type { Lockfile } from './types.js';

export interface ExampleFlip {
  kind: 'pass_to_fail' | 'fail_to_pass';
  group: string;
  agent: string;
  task: string;
  dataset: string;
  example: string;
  /** Metrics whose own pass flipped the same way. */
  metrics: string[];
  /**
   * Error kinds recorded on the failing side (the new row of a pass → fail, the old row of a
   * fail → pass): an invoke's (`http_500`) or a metric's own (`judge_error`). Absent when that side
   * failed on its answers: a reviewer tells a flaky call from a worse answer (QA90).
   */
  errors?: string[];
}

/**
 * The distinct error kinds of a row that may have decided its fail, sorted: its invokes' and the own
 * errors of its metrics that decide the pass — a measurement's (`cost` with no price, on both sides)
 * decided nothing, and named it read as a flaky call beside a worse answer (QA99).
 */
function errorKinds(row: Row['result'], quiet: ReadonlySet<string>): string[] {
  const kinds = new Set<string>();
  for (const e of row.errors ?? []) if (e) kinds.add(e);
  for (const [id, m] of Object.entries(row.metrics)) if (m.error && !quiet.has(id)) kinds.add(m.error);
  return [...kinds].sort(byText);
}

/** Per lock group: the metrics whose error decides nothing (`nonDecidingMetricIds`), computed once. */
export function quietMetrics(lock: Lockfile): (group: string) => ReadonlySet<string> {
  const cache = new Map<string, ReadonlySet<string>>();
  return (group) => {
    let quiet = cache.get(group);
    if (quiet === undefined) {
      quiet = nonDecidingMetricIds(lock.groups?.[group]);
      cache.set(group, quiet);
    }
    return quiet;
  };
}

export function flipsOf(
  paired: [Row, Row][],
  quietOld: (group: string) => ReadonlySet<string>,
  quietNew: (group: string) => ReadonlySet<string>,
): ExampleFlip[] {
  const flips: ExampleFlip[] = [];
  for (const [o, n] of paired) {
    const a = o.result.pass;
    const b = n.result.pass;
    if (a === null || b === null || a === b) continue;
    const metrics = Object.keys(n.result.metrics)
      .filter((m) => {
        const pa = o.result.metrics[m]?.pass;
        const pb = n.result.metrics[m]?.pass;
        return pa === a && pb === b;
      })
      .sort();
    const errors = a ? errorKinds(n.result, quietNew(n.group)) : errorKinds(o.result, quietOld(o.group));
    flips.push({
      kind: a ? 'pass_to_fail' : 'fail_to_pass',
      group: n.group,
      agent: n.agent,
      task: n.task,
      dataset: n.dataset,
      example: n.result.example,
      metrics,
      ...(errors.length > 0 ? { errors } : {}),
    });
  }
  const rank = (f: ExampleFlip) => (f.kind === 'pass_to_fail' ? 0 : 1);
  return flips.sort(
    (x, y) =>
      rank(x) - rank(y) ||
      byText(x.agent, y.agent) ||
      byText(x.task, y.task) ||
      byText(x.dataset, y.dataset) ||
      byText(x.example, y.example),
  );
}
