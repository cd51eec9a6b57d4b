/**
 * A plan that would evaluate nothing is valid YAML and a valid schema, but rarely what its author
 * meant (QA48): no tasks, no agents, a task without datasets, a task no agent runs. Each is a
 * warning at the key that is empty (or at the task, or the file's start, when the key is absent):
 * a plan being written may be empty on purpose for a while, and an empty dataset is a warning too
 * (`EVALC_DATASET_EMPTY`). `validate` and `plan` print them; apply runs nothing and says so in its
 * summary (`0 example runs`).
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';

type Locate = LoadedPlan['locate'];

/** The position of `path`'s last key when the plan has it, else of its parent. */
function keyOrParent(locate: Locate, path: PlanPath, has: boolean): ReturnType<Locate> {
  const parent = path.slice(0, -1);
  return has ? locate(parent, String(path[path.length - 1])) : locate(parent);
}

export function checkEmptyParts(
  plan: Plan,
  raw: Record<string, unknown>,
  taskAgents: ReadonlyMap<string, readonly string[]>,
  locate: Locate,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (code: string, message: string, path: PlanPath, has: boolean, hint: string) =>
    out.push(
      diagnostic(code, message, path, { severity: 'warning', source: keyOrParent(locate, path, has), hint }),
    );
  // The file's own mapping decides: a plan with a schema error is resolved without the parts that
  // failed, which are not empty.
  const none = (key: string) => {
    const value = raw[key];
    return (
      value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)
    );
  };
  const taskIds = Object.keys(plan.tasks);
  if (none('tasks')) {
    warn(
      'EVALC_PLAN_EMPTY',
      'the plan has no tasks: apply would evaluate nothing',
      ['tasks'],
      'tasks' in raw,
      'add a task under tasks: with bindings, datasets and metrics',
    );
    return out;
  }
  if (none('agents')) {
    warn(
      'EVALC_PLAN_EMPTY',
      'the plan has no agents: apply would evaluate nothing',
      ['agents'],
      'agents' in raw,
      'add an agent under agents: (protocol and url, or command)',
    );
  }
  const rawTasks = (raw.tasks ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const taskId of taskIds) {
    const task = plan.tasks[taskId]!;
    const rawTask = rawTasks[taskId] ?? {};
    if (Object.keys(task.datasets).length === 0)
      warn(
        'EVALC_TASK_EMPTY',
        `task ${taskId} has no datasets: no example of it is run`,
        ['tasks', taskId, 'datasets'],
        'datasets' in rawTask,
        'add a dataset under datasets: (source: a file, or examples: inline)',
      );
    // With no agents in the plan at all, that one warning says it for every task.
    if (!none('agents') && (taskAgents.get(taskId) ?? []).length === 0)
      warn(
        'EVALC_TASK_EMPTY',
        `task ${taskId} is run by no agent`,
        ['tasks', taskId, 'agents'],
        'agents' in rawTask,
        task.agents
          ? 'list the agents that run it under agents:, or leave agents: out (every agent with a binding)'
          : 'add a `default` binding, or one named after an agent of the plan',
      );
  }
  return out;
}
