/**
 * The `--only` selection an `apply --only` lockfile (`.evalc/evalc.only.lock`) ran, read back
 * for `evalc report --from .evalc/evalc.only.lock --baseline LOCK` (QA70): the lock keeps the
 * selected task's groups only, so the selection is that task when its datasets include every
 * dataset the baseline has for it, else its one dataset. The comparison then covers the
 * selection in both runs, as `apply --only … --baseline` renders it (lockfile/select-lock.ts).
 */
import path from 'node:path';
import type { Lockfile } from '../lockfile/types.js';

export function onlySelectionOf(lockFile: string, lock: Lockfile, baseline: Lockfile): string | undefined {
  if (path.basename(lockFile) !== 'evalc.only.lock') return undefined;
  const groups = Object.values(lock.groups);
  const tasks = new Set(groups.map((g) => g.task));
  if (tasks.size !== 1) return undefined;
  const [task] = [...tasks] as [string];
  const ran = new Set(groups.map((g) => g.dataset));
  const whole = Object.values(baseline.groups)
    .filter((g) => g.task === task)
    .every((g) => ran.has(g.dataset));
  if (whole) return task;
  return ran.size === 1 ? `${task}/${[...ran][0]}` : undefined;
}
