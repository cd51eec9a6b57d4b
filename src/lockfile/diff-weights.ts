/**
 * Weights that changed between two lockfiles (QA139): a dataset's or a task's weight moves the task
 * and benchmark means with no example changed, and `evalc diff` named only the plan's digest, so an
 * aggregate delta read as the agent's. Each lock records them per group (agent × task × dataset);
 * a dataset or task that both runs have is compared once.
 */
import type { Lockfile } from './types.js';

/** What diff-comparability.ts lists (its ComparabilityIssue; not imported: no import cycle). */
export interface WeightIssue {
  kind: 'weight';
  severity: 'warning';
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

export function compareWeights(old: Lockfile, now: Lockfile): WeightIssue[] {
  const o = weightsOf(old);
  const n = weightsOf(now);
  const out: WeightIssue[] = [];
  const add = (subject: string, a: number, b: number, what: string) =>
    out.push({
      kind: 'weight',
      severity: 'warning',
      subject,
      old: String(a),
      new: String(b),
      message: `${subject}: ${what} changed ${a} → ${b} (${subject.includes('/') ? 'the task and benchmark means weigh' : 'the benchmark mean weighs'} its examples anew)`,
    });
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
