/**
 * `--only task[/dataset]` of `plan` and `apply`: it names a task of the plan, and a dataset of
 * that task, each part non-empty; every problem is one EVALC_ONLY_UNKNOWN diagnostic with the ids
 * the plan has.
 */

import type { Diagnostic } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';

/** `--only task[/dataset]` must name something, else the run would silently do nothing. */
export function checkOnly(plan: Plan, only: string, diagnostics: Diagnostic[]): void {
  const parts = only.split('/');
  const [taskId = '', datasetId] = parts;
  const task = plan.tasks[taskId];
  if (parts.length > 2) {
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only takes task or task/dataset, not \`${only}\` (${parts.length} parts)`,
        [],
        { hint: `ids hold no \`/\`: ${onlyExamples(plan, task ? taskId : undefined, datasetId)}` },
      ),
    );
    return;
  }
  // An empty part (`--only search/`, `--only ""`) was an unknown task or dataset named `` (QA183).
  if (taskId === '') {
    diagnostics.push(
      diagnostic('EVALC_ONLY_UNKNOWN', '--only names no task', [], {
        hint: `tasks: ${Object.keys(plan.tasks).join(', ')}`,
      }),
    );
    return;
  }
  if (task && datasetId === '') {
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only ${taskId}/ names no dataset after the \`/\``,
        ['tasks', taskId],
        {
          hint: `--only ${taskId} runs the whole task; --only ${taskId}/<dataset> one of its datasets: ${Object.keys(task.datasets).join(', ')}`,
        },
      ),
    );
    return;
  }
  if (!task) {
    diagnostics.push(
      diagnostic('EVALC_ONLY_UNKNOWN', `--only names unknown task \`${taskId}\``, ['tasks', taskId], {
        hint: didYouMean(taskId, Object.keys(plan.tasks)) ?? `tasks: ${Object.keys(plan.tasks).join(', ')}`,
      }),
    );
  } else if (datasetId !== undefined && !task.datasets[datasetId]) {
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only names unknown dataset \`${datasetId}\` of task ${taskId}`,
        ['tasks', taskId, 'datasets', datasetId],
        {
          hint:
            didYouMean(datasetId, Object.keys(task.datasets)) ??
            `datasets: ${Object.keys(task.datasets).join(', ')}`,
        },
      ),
    );
  }
}

/**
 * `--only t or --only t/d` of this plan: the task and dataset given when the plan has them, else
 * its first (the hint named `search/course-search`, README's ids, whatever the plan held; QA188).
 */
function onlyExamples(plan: Plan, taskId: string | undefined, datasetId: string | undefined): string {
  const t = taskId ?? Object.keys(plan.tasks)[0] ?? 'task';
  const datasets = Object.keys(plan.tasks[t]?.datasets ?? {});
  const d = datasetId !== undefined && datasets.includes(datasetId) ? datasetId : (datasets[0] ?? 'dataset');
  return `--only ${t} or --only ${t}/${d}`;
}
