/** Per-example rows of a baseline lockfile, for regression gates. */

import type { Lockfile } from '../lockfile/types.js';
import type { ExampleScoreRow } from '../metrics/index.js';

export function baselineRows(lock: Lockfile): ExampleScoreRow[] {
  const rows: ExampleScoreRow[] = [];
  for (const result of lock.results) {
    const group = lock.groups[result.group];
    if (!group) continue;
    for (const metric of Object.keys(result.metrics).sort()) {
      const m = result.metrics[metric]!;
      const row: ExampleScoreRow = {
        agent: group.agent,
        task: group.task,
        dataset: group.dataset,
        example: result.example,
        metric,
        score: m.score,
        weight: result.weight,
        datasetWeight: group.datasetWeight ?? 1,
        taskWeight: group.taskWeight ?? 1,
      };
      if (m.value !== undefined) row.value = m.value;
      if (m.pass !== undefined) row.pass = m.pass;
      rows.push(row);
    }
  }
  return rows;
}
