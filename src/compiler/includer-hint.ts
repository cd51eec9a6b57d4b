/**
 * A file of a split plan validated alone (`evalc validate tasks/search.yaml`: an editor's on-save
 * hook, a user checking the file they edit) lacks `evalc:` and `benchmark:`, and the schema's
 * advice — add them — would make it a second plan (QA72). When a plan in the file's folder or
 * one above includes it, the hint names that plan instead.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../plan/diagnostic.js';
import { loadPlanFile } from '../plan/load.js';

/** How many folders up a plan is looked for. */
const LEVELS = 4;

export function hintIncluder(planFile: string, cwd: string, diagnostics: Diagnostic[]): void {
  const missing = diagnostics.filter(
    (d) =>
      d.code === 'EVALC_SCHEMA_MISSING' &&
      d.path.length === 1 &&
      ['evalc', 'benchmark'].includes(String(d.path[0])),
  );
  if (missing.length === 0) return;
  const includer = findIncluder(path.resolve(cwd, planFile), cwd);
  if (includer === undefined) return;
  const shown = path.relative(cwd, includer) || includer;
  for (const d of missing)
    d.hint = `this file is included by ${shown}: validate that plan (evalc validate ${shown})`;
}

function findIncluder(file: string, cwd: string): string | undefined {
  const real = realOf(file);
  let dir = path.dirname(real);
  for (let level = 0; level <= LEVELS; level++) {
    for (const name of ['evalc.yaml', 'evalc.yml']) {
      const candidate = path.join(dir, name);
      if (candidate === real || !existsSync(candidate)) continue;
      try {
        const loaded = loadPlanFile(candidate, cwd);
        if (loaded.files.slice(1).some((f) => realOf(path.resolve(cwd, f.display)) === real))
          return candidate;
      } catch {
        // an unreadable candidate includes nothing
      }
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

function realOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
