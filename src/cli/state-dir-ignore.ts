/**
 * DESIGN §5: `.evalc/` (the step cache, logs, reports) is "ignored by git". `evalc init` writes a
 * `.gitignore` naming it, but a plan written by hand had none, and the first `git add -A` after an
 * apply committed the cache (agent answers, megabytes) and the logs. A command that creates
 * `.evalc/` now leaves a `.gitignore` of `*` in it, as pytest and mypy do for their caches (QA47);
 * a `.evalc/` that already existed is left as it is.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDirs } from '../compiler/load-plan.js';

const CONTENT =
  '# written by evalc: the step cache, logs and reports stay out of git (evalc.lock is committed)\n*\n';

/** Call before the command; the returned function, after it, ignores the folder if the command made it. */
export function ignoreStateDirIfMade(stateDir: string): () => void {
  const existed = existsSync(stateDir);
  return () => {
    if (existed || !existsSync(stateDir)) return;
    const file = path.join(stateDir, '.gitignore');
    if (existsSync(file)) return;
    try {
      writeFileSync(file, CONTENT);
    } catch {
      // A folder evalc cannot write in has no cache to keep out of git either.
    }
  };
}

/**
 * The same for the `.evalc/` beside the plan file `file` (relative to `cwd`): validate, lint and graph
 * make it when they pin a remote dataset's copy in its cache (QA328: `git status` listed it).
 */
export function ignorePlanStateDirIfMade(file: string, cwd: string): () => void {
  return ignoreStateDirIfMade(defaultDirs(path.resolve(cwd, file)).stateDir);
}
