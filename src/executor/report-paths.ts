/** Where an apply writes its reports, and how report.md names that folder. */

import path from 'node:path';

/** `--out DIR` (relative to the working directory), else `.evalc/reports` beside the plan. */
export function reportsDirOf(
  options: { outDir?: string | undefined; cwd: string },
  stateDir: string,
): string {
  return options.outDir ? path.resolve(options.cwd, options.outDir) : path.join(stateDir, 'reports');
}

/** A folder as report.md names it: relative to the plan's folder, `/`-separated (no host path). */
export function shownPath(planDir: string, dir: string): string {
  return path.relative(planDir, dir).split(path.sep).join('/') || '.';
}
