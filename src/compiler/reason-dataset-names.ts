/**
 * How `plan`'s reasons name the datasets of the examples they name (aggregate-reason.ts): a
 * dataset by its id, or by `task/dataset` where two tasks of the plan hold a dataset of that id.
 */
import type { CompiledPlan } from './compile.js';

/** `the dataset`, or `the datasets` when the `task/dataset`s of the examples named are more than one (QA247). */
export function theDatasets(datasets: Iterable<string>): string {
  return new Set(datasets).size > 1 ? 'the datasets' : 'the dataset';
}

/**
 * How a reason names a task's dataset: its id, or `task/dataset` where several tasks of the plan
 * hold a dataset of that id (QA332: a file two tasks share, an example removed, read `2 examples
 * left the dataset (d1/q4, d1/q4)`, its reordering `the examples of d1, d1`).
 */
export function datasetNamer(compiled: CompiledPlan): (taskId: string, datasetId: string) => string {
  const tasksOf = new Map<string, Set<string>>();
  for (const d of compiled.resolved.datasets) {
    const tasks = tasksOf.get(d.datasetId) ?? new Set<string>();
    tasks.add(d.taskId);
    tasksOf.set(d.datasetId, tasks);
  }
  return (taskId, datasetId) =>
    (tasksOf.get(datasetId)?.size ?? 0) > 1 ? `${taskId}/${datasetId}` : datasetId;
}
