/**
 * Plan edits that change no step key but that evalc.lock records, named for `plan`'s aggregate row:
 * a dataset file moved with the same content, a task's or dataset's `weight`, the benchmark's
 * `version`. Before QA119 each read "because the plan changed (no step changes: e.g. a gate, a
 * weight or a description)", naming none.
 */
import type { Lockfile } from '../lockfile/types.js';
import type { CompiledPlan } from './compile.js';
import { stripUserInfo } from './identities.js';

export function unkeyedPlanEdits(compiled: CompiledPlan, lock: Lockfile): string[] {
  const edits = new Set<string>();
  const plan = compiled.resolved.plan;
  const locked = lock.plan?.benchmark?.version;
  if (locked !== undefined && locked !== plan.benchmark.version)
    edits.add(`benchmark.version ${locked} → ${plan.benchmark.version}`);
  for (const d of compiled.resolved.datasets) {
    const pinned = lock.datasets[`${d.taskId}/${d.datasetId}`];
    const source = d.source.startsWith('http') ? stripUserInfo(d.source) : d.source;
    if (pinned && pinned.sha256 === d.sha256 && pinned.source !== source)
      edits.add(
        `tasks.${d.taskId}.datasets.${d.datasetId}.source ${pinned.source} → ${source}, same content`,
      );
  }
  for (const { group } of compiled.groups) {
    const was = lock.groups[group.id];
    if (!was) continue;
    const taskWeight = plan.tasks[group.taskId]?.weight;
    if (was.taskWeight !== taskWeight)
      edits.add(`tasks.${group.taskId}.weight ${String(was.taskWeight)} → ${String(taskWeight)}`);
    if (was.datasetWeight !== group.dataset.weight)
      edits.add(
        `tasks.${group.taskId}.datasets.${group.datasetId}.weight ${String(was.datasetWeight)} → ${String(group.dataset.weight)}`,
      );
  }
  return [...edits];
}
