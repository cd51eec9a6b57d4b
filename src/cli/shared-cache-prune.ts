/**
 * A prune of a cache that is not the plan's own `.evalc/cache` (`--cache-dir`, `EVALC_CACHE_DIR`:
 * DESIGN §5's shared CI cache) with only that plan's own locks: the entries other plans reach
 * look like garbage to it (QA55: `evalc cache prune` in one plan's folder silently dropped every
 * other plan's entries). Such a prune is refused unless `--lock` names the locks to keep or
 * `--force` says the plan's own are all; `--dry-run` warns of it.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

export interface SharedCachePrune {
  cacheDir: string;
  /** The plan folder's own `.evalc/cache`. */
  ownCacheDir: string;
  /** Whether `--lock` named the lockfiles to keep. */
  locksNamed: boolean;
  force: boolean;
  /** The lockfiles kept, as shown. */
  named: string;
  /** How many entries the prune would drop. */
  going: number;
  cwd: string;
}

/** Why this prune may drop other plans' entries (a sentence), or undefined when it cannot. */
export function sharedCacheRisk(p: SharedCachePrune): string | undefined {
  if (p.locksNamed || p.force || p.going === 0 || samePath(p.cacheDir, p.ownCacheDir)) return undefined;
  const shown = path.relative(p.cwd, p.cacheDir) || '.';
  return `the cache ${shown} is not this plan's own .evalc/cache (--cache-dir, EVALC_CACHE_DIR): other plans may share it, and a prune to ${p.named} alone drops the ${p.going === 1 ? '1 entry' : `${p.going} entries`} it does not reach, any other plan's included`;
}

/** The advice that follows the risk, for a prune (refused) or a dry run (warned). */
export const SHARED_CACHE_ADVICE =
  "name every plan's lock with --lock (evalc cache prune --cache-dir DIR --lock a/evalc.lock --lock b), or --force to prune to this plan's lock(s) alone";

function samePath(a: string, b: string): boolean {
  return real(a) === real(b);
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
