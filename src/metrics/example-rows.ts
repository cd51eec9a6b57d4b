/**
 * The flat per-example table: one row per (agent, task, dataset, example, metric). The lockfile's
 * results table and regression gates use it; `flattenResults` builds it from aggregate input.
 */

import { sortedKeys } from '../protocols/canonical-json.js';
import type { AggregateInput } from './aggregate.js';

export interface ExampleScoreRow {
  agent: string;
  task: string;
  dataset: string;
  example: string;
  metric: string;
  score: number | null;
  value?: number;
  pass?: boolean;
  /** Repeats whose metric errored, when any: a row with no figure and no error is unmeasured (QA129). */
  errors?: number;
  /** Every repeat's invoke or extraction failed: the example reached no metric; its repeats (QA132). */
  unscored?: number;
  /** Some but not every repeat's invoke failed: how many (QA153: the gates' "none failed" missed them). */
  failedRepeats?: number;
  /** Example weight, and the weights of its dataset and task (for hierarchical weighting). */
  weight: number;
  datasetWeight: number;
  taskWeight: number;
}

export function flattenResults(input: Pick<AggregateInput, 'tasks'>): ExampleScoreRow[] {
  const rows: ExampleScoreRow[] = [];
  for (const t of input.tasks) {
    for (const d of t.datasets) {
      for (const agent of Object.keys(d.agents).sort()) {
        for (const e of d.agents[agent] ?? []) {
          for (const metric of sortedKeys(e.metrics)) {
            const r = e.metrics[metric];
            if (!r) continue;
            const row: ExampleScoreRow = {
              agent,
              task: t.id,
              dataset: d.id,
              example: e.example,
              metric,
              score: r.score,
              weight: e.weight,
              datasetWeight: d.weight,
              taskWeight: t.weight,
            };
            if (r.value !== undefined) row.value = r.value;
            if (r.pass !== undefined) row.pass = r.pass;
            if (r.errors > 0) row.errors = r.errors;
            if (e.repeats > 0 && e.invokeErrors >= e.repeats) row.unscored = e.repeats;
            else if (e.invokeErrors > 0) row.failedRepeats = e.invokeErrors;
            rows.push(row);
          }
        }
      }
    }
  }
  return rows;
}

/**
 * Weights that make a plain weighted mean over rows equal the hierarchical weighted mean:
 * wₑ/S_d · W_d/S_t · W_t/S_b, with S_d the example weights of the row's dataset, S_t the weights
 * of the datasets present in its task and S_b the weights of the tasks present. As in
 * `aggregate`, a dataset whose examples all weigh 0 has no mean and is not present (its weight
 * is not in S_t), nor is a task none of whose present datasets weighs anything (not in S_b):
 * counting them spread their share over the other tasks, so a regression gate's "0.908 → 0.354"
 * was the lock's 0.900 → 0.300 (QA37).
 */
export function hierarchicalWeights(rows: readonly ExampleScoreRow[]): number[] {
  const sd = new Map<string, number>();
  const dsWeights = new Map<string, Map<string, number>>();
  const taskWeights = new Map<string, number>();
  for (const r of rows) {
    const dk = `${r.task}\u0000${r.dataset}`;
    sd.set(dk, (sd.get(dk) ?? 0) + r.weight);
    const inTask = dsWeights.get(r.task) ?? new Map<string, number>();
    inTask.set(r.dataset, r.datasetWeight);
    dsWeights.set(r.task, inTask);
    taskWeights.set(r.task, r.taskWeight);
  }
  const present = (task: string, dataset: string) => (sd.get(`${task}\u0000${dataset}`) ?? 0) > 0;
  const st = new Map(
    [...dsWeights].map(([t, m]) => [
      t,
      [...m].reduce((sum, [dataset, w]) => (present(t, dataset) ? sum + w : sum), 0),
    ]),
  );
  const sb = [...taskWeights].reduce((sum, [t, w]) => ((st.get(t) ?? 0) > 0 ? sum + w : sum), 0);
  return rows.map((r) => {
    const d = sd.get(`${r.task}\u0000${r.dataset}`) ?? 0;
    const t = st.get(r.task) ?? 0;
    if (d === 0 || t === 0 || sb === 0) return 0;
    return (r.weight / d) * (r.datasetWeight / t) * (r.taskWeight / sb);
  });
}
