/**
 * Weights that changed between two lockfiles (QA139): a dataset's or a task's weight moves the task
 * and benchmark means with no example changed, and `evalc diff` named only the plan's digest, so an
 * aggregate delta read as the agent's. Each lock records them per group (agent × task × dataset);
 * a dataset or task that both runs have is compared once.
 *
 * A mean weighs its parts by their share of the weights (metrics/example-rows.ts): a change that
 * leaves the share as it was — the only dataset of its task, the only task, every sibling scaled
 * alike — moves no mean, and is named as information, not as "not strictly comparable" (QA147).
 */
import type { Lockfile } from './types.js';

/** What diff-comparability.ts lists (its ComparabilityIssue; not imported: no import cycle). */
export interface WeightIssue {
  kind: 'weight';
  severity: 'warning' | 'info';
  subject: string;
  old: string;
  new: string;
  message: string;
}

function weightsOf(lock: Lockfile): { datasets: Map<string, number>; tasks: Map<string, number> } {
  const datasets = new Map<string, number>();
  const tasks = new Map<string, number>();
  for (const gid of Object.keys(lock.groups).sort()) {
    const g = lock.groups[gid]!;
    if (!datasets.has(`${g.task}/${g.dataset}`)) datasets.set(`${g.task}/${g.dataset}`, g.datasetWeight);
    if (!tasks.has(g.task)) tasks.set(g.task, g.taskWeight);
  }
  return { datasets, tasks };
}

/** Each member's share of its parent's weights: a dataset's of its task's, a task's of the benchmark's. */
function sharesOf(weights: Map<string, number>, parentOf: (key: string) => string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [key, w] of weights) totals.set(parentOf(key), (totals.get(parentOf(key)) ?? 0) + w);
  const out = new Map<string, number>();
  for (const [key, w] of weights) out.set(key, w / (totals.get(parentOf(key)) ?? 0));
  return out;
}

/** The same share (NaN, a parent weighing 0, is never the same). */
function sameShare(a: number | undefined, b: number | undefined): boolean {
  return a !== undefined && b !== undefined && Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a));
}

export function compareWeights(old: Lockfile, now: Lockfile): WeightIssue[] {
  const o = weightsOf(old);
  const n = weightsOf(now);
  const taskOf = (dataset: string) => dataset.slice(0, dataset.indexOf('/'));
  const shares = {
    old: new Map([...sharesOf(o.tasks, () => ''), ...sharesOf(o.datasets, taskOf)]),
    now: new Map([...sharesOf(n.tasks, () => ''), ...sharesOf(n.datasets, taskOf)]),
  };
  const out: WeightIssue[] = [];
  const add = (subject: string, a: number, b: number, what: string) => {
    const dataset = subject.includes('/');
    const inert = sameShare(shares.old.get(subject), shares.now.get(subject));
    out.push({
      kind: 'weight',
      severity: inert ? 'info' : 'warning',
      subject,
      old: String(a),
      new: String(b),
      message: inert
        ? `${subject}: ${what} changed ${a} → ${b} (its share of ${dataset ? `task ${taskOf(subject)}'s` : "the benchmark's"} weights is unchanged: no mean moves)`
        : `${subject}: ${what} changed ${a} → ${b} (${dataset ? 'the task and benchmark means weigh' : 'the benchmark mean weighs'} its examples anew)`,
    });
  };
  for (const [task, b] of [...n.tasks].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const a = o.tasks.get(task);
    if (a !== undefined && a !== b) add(task, a, b, 'task weight');
  }
  for (const [dataset, b] of [...n.datasets].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const a = o.datasets.get(dataset);
    if (a !== undefined && a !== b) add(dataset, a, b, 'weight');
  }
  return out;
}
