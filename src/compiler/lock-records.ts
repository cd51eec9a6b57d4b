/**
 * What evalc.lock recorded of a run, as `plan` needs it to agree with `apply`.
 *
 * Apply has nothing to do when the lock records the run (executor/up-to-date.ts): the run left
 * no transient failure to retry (`steps.complete`), and the plan digest, the agents' digests, the
 * datasets' sha256 and every invoke and score key are unchanged. Apply compares a digest of the keys; `plan` compares
 * the keys example by example while it walks the steps (`recordsStep`), so it needs no second
 * pass. A lock another evalc version wrote is not up to date for either (apply runs the steps,
 * from the cache where it has them).
 */
import type { Lockfile, LockMetricResult, LockResult } from '../lockfile/types.js';
import { EVALC_VERSION } from '../version.js';
import type { CompiledPlan } from './compile.js';
import { type ExampleSteps, hasScoreStep } from './step-keys.js';

/**
 * The cache kind of a definitive invoke failure (executor/run-example.ts): the agent answered
 * with a contract or semantic error, cached like an answer; its extract and score steps never run.
 */
export const FAILED_INVOKE_KIND = 'invoke-failed';

/** The lock's own conditions for being up to date: complete, same plan digest, same agents. */
export function lockHeaderMatches(lock: Lockfile | undefined, compiled: CompiledPlan): lock is Lockfile {
  if (!lock?.steps?.complete || lock.evalc !== EVALC_VERSION) return false;
  if (lock.plan.digest !== compiled.resolved.planDigest) return false;
  const agentIds = new Set(compiled.groups.map((g) => g.group.agentId));
  if (Object.keys(lock.agents).length !== agentIds.size) return false;
  for (const id of agentIds) {
    if (lock.agents[id]?.digest !== compiled.agentDigests[id]) return false;
  }
  return datasetsMatch(lock, compiled) && aggregateMetricChange(lock, compiled) === undefined;
}

/**
 * Why the lock's figures of a metric computed only at aggregation (judge_agreement, win_rate,
 * judge_stability, pass_hat_k: no score step, so no key to see it) are not this evalc's: its code
 * version changed with the plan unchanged (QA74: judge_agreement 3 left a lock without a derived
 * metric "up to date" with version 2's figures). Undefined when every such metric is as locked.
 */
export function aggregateMetricChange(lock: Lockfile, compiled: CompiledPlan): string | undefined {
  // Every such metric is named (QA77: an upgrade moved judge_agreement and judge_stability, and the
  // reason named the first one only).
  const changes = new Set<string>();
  for (const { group } of compiled.groups) {
    const locked = lock.groups[group.id]?.metrics;
    if (!locked) continue;
    for (const metric of group.metrics) {
      const was = locked[metric.id];
      if (!was || was.digest === metric.digest || hasScoreStep(metric)) continue;
      changes.add(
        was.version !== metric.version
          ? `metric ${metric.type} changed version (${was.version} → ${metric.version})`
          : `metric ${metric.id} changed`,
      );
    }
  }
  return changes.size > 0 ? `because ${[...changes].join(', ')}: aggregates are computed again` : undefined;
}

/**
 * Whether the lock pinned the plan's datasets at their current bytes. The step keys do not
 * see every change of a dataset file (an example's `weight` or id is not in its digest), but the
 * lock's rows, weights and aggregates do: a changed file is never up to date.
 */
export function datasetsMatch(lock: Lockfile, compiled: CompiledPlan): boolean {
  // (A dataset removed from the plan changed the plan digest; `--only` resolves fewer datasets.
  // A lock without the section — hand-made, not written by apply — has nothing to compare.)
  if ((lock.datasets as Lockfile['datasets'] | undefined) === undefined) return true;
  return compiled.resolved.datasets.every((d) => {
    const pinned = lock.datasets[`${d.taskId}/${d.datasetId}`];
    return pinned?.sha256 === d.sha256 && pinned.examples === d.examples.length;
  });
}

/** Whether the lock's row for an example recorded this repeat's invoke and score keys. */
export function recordsStep(previous: LockResult | undefined, step: ExampleSteps, repeats: number): boolean {
  return previous?.invoke.length === repeats && recordsRepeat(previous, step);
}

/**
 * Whether the lock's row recorded this repeat's invoke and score keys, whatever run.repeats it was
 * written with: a repeat kept when run.repeats changed is no run the lock lacks (QA352).
 */
export function recordsRepeat(previous: LockResult | undefined, step: ExampleSteps): boolean {
  if (!previous) return false;
  if ((previous.invoke[step.repeat] ?? null) !== (step.invokeKey ?? null)) return false;
  for (const id in step.scoreKeys) {
    const entry = previous.metrics[id];
    if (!entry || recordedScoreKey(entry, step.repeat) !== step.scoreKeys[id]) return false;
  }
  return true;
}

/** The score key the lock recorded for one repeat (`key` for one repeat, `keys` for several). */
export function recordedScoreKey(entry: LockMetricResult, repeat: number): string | undefined {
  return entry.keys ? entry.keys[repeat] : repeat === 0 ? entry.key : undefined;
}

/** The error kind the lock recorded for a repeat whose invoke key is unchanged, if any. */
export function recordedError(previous: LockResult | undefined, step: ExampleSteps): string | undefined {
  if (!previous || step.invokeKey === undefined || previous.invoke[step.repeat] !== step.invokeKey)
    return undefined;
  return previous.errors?.[step.repeat] ?? undefined;
}
