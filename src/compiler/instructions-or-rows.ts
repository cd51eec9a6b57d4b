/**
 * Why a row's invoke key moved when its dataset changed too, for an agent sent the task's
 * instructions (raip's context, mae's task text): the instructions are in that key and in no pin
 * of evalc.lock, so a dataset edit beside an instructions edit cannot be told apart from every
 * row edited. Where every row that carries them moved, `plan` says both may have changed (QA167:
 * an instructions edit beside an appended row read `because the example changed` on every
 * unedited row), as `evalc diff` does not name them changed (76e8a0e); where some rows kept their
 * key, or the plan is unchanged, the instructions did not change and the moved rows are edited examples.
 */
import type { Lockfile, LockResult } from '../lockfile/types.js';
import { type CompiledGroup, type CompiledPlan, sendsInstructions } from './compile.js';
import { groupSteps } from './step-keys.js';

export function instructionsOrRowsReason(
  compiledGroup: CompiledGroup,
  lock: Lockfile | undefined,
  compiled: CompiledPlan,
  lockResults: ReadonlyMap<string, LockResult>,
): string | undefined {
  const { group } = compiledGroup;
  const previous = lock?.groups[group.id];
  if (!previous || previous.datasetSha256 === group.dataset.sha256) return undefined;
  // An unchanged plan holds the same instructions: every row of the dataset was edited.
  if (lock?.plan.digest === compiled.resolved.planDigest) return undefined;
  if (!sendsInstructions(compiled.resolved.plan.agents[group.agentId])) return undefined;
  if (compiled.resolved.plan.tasks[group.taskId]?.instructions === undefined) return undefined;
  let moved = 0;
  for (const step of groupSteps(group, compiledGroup.keys)) {
    // A mae example with its own task_description is not sent the instructions (QA74).
    if (step.instructionsUnsent || !step.invokeKey) continue;
    const pinned = lockResults.get(`${group.id}\u0000${step.example.id}`)?.invoke[step.repeat];
    // A new row or repeat, or a failed invoke (no key recorded): nothing to compare.
    if (!pinned) continue;
    if (pinned === step.invokeKey) return undefined;
    moved++;
  }
  return moved === 0
    ? undefined
    : `because the example or the task's instructions changed (tasks.${group.taskId}.instructions: evalc.lock keeps no copy of them, and every row's request moved)`;
}
