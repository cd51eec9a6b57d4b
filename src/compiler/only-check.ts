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
    const other = otherKind(plan, taskId);
    const tasks = `tasks: ${Object.keys(plan.tasks).join(', ')}`;
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only names unknown task \`${taskId}\`${other ? `: ${other.what}` : ''}`,
        ['tasks', taskId],
        {
          hint: other
            ? other.kind === 'dataset'
              ? other.hint
              : `${other.hint}; ${tasks}`
            : (didYouMean(taskId, Object.keys(plan.tasks)) ?? tasks),
        },
      ),
    );
  } else if (datasetId !== undefined && !task.datasets[datasetId]) {
    const other = otherKind(plan, datasetId);
    const datasets = `datasets: ${Object.keys(task.datasets).join(', ')}`;
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only names unknown dataset \`${datasetId}\` of task ${taskId}${other?.kind === 'agent' ? `: ${other.what}` : ''}`,
        ['tasks', taskId, 'datasets', datasetId],
        {
          hint:
            other?.kind === 'agent'
              ? `${other.hint}; ${datasets}`
              : (didYouMean(datasetId, Object.keys(task.datasets)) ?? datasets),
        },
      ),
    );
  }
}

/**
 * An id `--only` does not select that names an agent, a judge or another task's dataset, said as
 * such: `--only a1` of an agent read "unknown task `a1`" and hinted the tasks alone (QA331).
 * evalc has no flag that selects agents; a task's `agents:` list does.
 */
function otherKind(
  plan: Plan,
  id: string,
): { what: string; hint: string; kind: 'agent' | 'judge' | 'dataset' } | undefined {
  const own = (map: object | undefined) => map !== undefined && Object.hasOwn(map, id);
  if (own(plan.agents))
    return {
      what: `${id} is an agent, and --only selects a task or task/dataset (every agent of it runs)`,
      hint: `evalc has no flag that selects agents: to run ${id} alone, list it in a task's agents: [${id}]`,
      kind: 'agent',
    };
  if (own(plan.judges))
    return {
      what: `${id} is a judge, and --only selects a task or task/dataset`,
      hint: `--only a task whose metrics use judge ${id}`,
      kind: 'judge',
    };
  const holders = Object.entries(plan.tasks).filter(([, t]) => own(t.datasets));
  if (holders.length > 0)
    return {
      what: `${id} is a dataset of ${holders.length === 1 ? 'task' : 'tasks'} ${holders.map(([t]) => t).join(', ')}`,
      hint: holders.map(([t]) => `--only ${t}/${id}`).join(' or '),
      kind: 'dataset',
    };
  return undefined;
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
