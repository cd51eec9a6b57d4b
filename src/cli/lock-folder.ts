import path from 'node:path';

/**
 * The plan folder a lockfile belongs to, whose `.evalc/` holds the run's cache and reports: the
 * lockfile's own folder, but for the `.evalc/evalc.only.lock` of an `apply --only`, the folder
 * above it (QA51: `report --from .evalc/evalc.only.lock` wrote `.evalc/.evalc/reports/` and read no
 * cache, as it looked for `.evalc/.evalc/cache`).
 */
export function lockPlanFolder(lockFile: string): string {
  const dir = path.dirname(path.resolve(lockFile));
  return path.basename(lockFile) === 'evalc.only.lock' && path.basename(dir) === '.evalc'
    ? path.dirname(dir)
    : dir;
}
