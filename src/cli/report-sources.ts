/** `evalc report` reads trajectories, judge rationales and failure details from the run's cache, read-only. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultDirs } from '../compiler/load-plan.js';
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
    return reportSources(lock, store);
  } finally {
    store.close();
  }
}
