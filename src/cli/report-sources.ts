/** `evalc report` reads trajectories, judge rationales and failure details from the run's cache, read-only. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDirs } from '../compiler/load-plan.js';
import { cacheHolding } from '../executor/cache-holding.js';
import { LogStore } from '../executor/cache-store.js';
import { reportSources } from '../executor/trajectories.js';
import type { Lockfile } from '../lockfile/types.js';
import type { CommandContext } from './context.js';
import { lockPlanFolder } from './lock-folder.js';
import type { ReportSources } from './report.js';

export function loadReportSources(
  lock: Lockfile,
  lockFile: string,
  ctx: CommandContext,
  options: { cacheDir?: string } = {},
): ReportSources {
  // --cache-dir, else EVALC_CACHE_DIR, else the .evalc/cache beside the lockfile (as apply chose).
  const cacheDir =
    options.cacheDir ??
    defaultDirs(path.join(lockPlanFolder(path.resolve(ctx.cwd, lockFile)), 'evalc.yaml'), ctx.env).cacheDir;
  // Without a cache the reports come from the lock alone; the command says so (QA20: the
  // drill-down's empty rows read as a bug, and report.md promised trajectories).
  if (!existsSync(path.join(cacheDir, 'steps.log')))
    return { trajectories: {}, judgeRationales: {}, failureDetails: {}, missingCache: cacheDir };
  const store = new LogStore(cacheDir, { readOnly: true });
  try {
    // A cache of other runs (an older .evalc/cache beside a lock an `apply --cache-dir` wrote, one
    // CI restored from another key) holding none of this lock's answers is said as a missing one
    // is (QA274: the reports read as if the agents had said nothing, and nothing said why).
    const held = cacheHolding(lock, store);
    if (held.keys > 0 && held.any === 0) {
      // Every step a transient failure: `cache prune` drops their notes, so the run's own cache
      // may hold none of them (QA279: it was said to be another run's).
      if (held.transient === held.keys)
        return {
          trajectories: {},
          judgeRationales: {},
          failureDetails: {},
          prunedNotes: { cacheDir, failed: held.keys, of: held.keys },
        };
      return {
        trajectories: {},
        judgeRationales: {},
        failureDetails: {},
        missingCache: cacheDir,
        foreignCache: true,
      };
    }
    // One holding some of them (an older cache of the same plan, whose dataset has grown since) lost
    // the others' details with nothing said (QA279).
    const partial =
      held.answered > 0 && held.answers < held.answered
        ? { partialCache: { cacheDir, held: held.answers, of: held.answered } }
        : {};
    // Transient failures beside others whose notes a prune dropped (QA284: said only when every
    // invoke of the lock was one).
    const pruned =
      held.lost > 0 || held.judgeLost > 0
        ? {
            prunedNotes: {
              cacheDir,
              failed: held.lost,
              of: held.keys - held.answered,
              ...(held.judgeLost > 0 ? { judgeScores: held.judgeLost } : {}),
            },
          }
        : {};
    return { ...reportSources(lock, store), ...partial, ...pruned };
  } finally {
    store.close();
  }
}
