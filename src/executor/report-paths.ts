/** Where an apply writes its reports, and how report.md names that folder. */

import { realpathSync } from 'node:fs';
import path from 'node:path';

/** `--out DIR` (relative to the working directory), else `.evalc/reports` beside the plan. */
export function reportsDirOf(
  options: { outDir?: string | undefined; cwd: string },
  stateDir: string,
): string {
  return options.outDir ? path.resolve(options.cwd, options.outDir) : path.join(stateDir, 'reports');
}

/**
 * A folder as report.md names it: relative to the plan's folder, `/`-separated (no host path).
 * Both sides are compared by their real paths: the plan's folder is resolved (a symlinked
 * folder, plan/load.ts), so the reports folder beside it is too — else `link/evalc.yaml` named
 * `../link/.evalc/reports` (QA58).
 */
export function shownPath(planDir: string, dir: string): string {
  return path.relative(physical(planDir), physical(dir)).split(path.sep).join('/') || '.';
}

/** `p` with the symlinks of its longest existing ancestor resolved (the rest may not exist yet). */
function physical(p: string): string {
  const rest: string[] = [];
  let head = path.resolve(p);
  for (;;) {
    try {
      return path.join(realpathSync(head), ...rest);
    } catch {
      const parent = path.dirname(head);
      if (parent === head) return path.resolve(p);
      rest.unshift(path.basename(head));
      head = parent;
    }
  }
}
