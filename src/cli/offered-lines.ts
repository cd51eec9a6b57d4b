/**
 * The lines evalc's notes offer to type next, naming the plan as the user gave it and the
 * --cache-dir given: after `evalc apply sub` a note offering `evalc cache prune` pruned
 * ./evalc.yaml's cache, 'no plan in this folder' (QA234, QA245). A plan named like a flag is
 * written `./-x`, as the refusal hints write it.
 */
import { shellLine } from './shell-word.js';

export interface OfferedLines {
  /** `evalc cache prune sub --cache-dir c`: drops damaged and replaced entries of this cache. */
  prune: string;
  /** `evalc apply sub --update-lock`: pins an agent's new ETag in evalc.lock (never with --only). */
  updateLock: string;
  /** `evalc apply sub --refresh`: asks every agent again (an agent's new /info name, QA245). */
  refresh: string;
}

export function offeredLines(plan: string | undefined, cacheDir: unknown): OfferedLines {
  const named = plan === undefined ? [] : [plan.startsWith('-') ? `./${plan}` : plan];
  const cache = typeof cacheDir === 'string' ? ['--cache-dir', cacheDir] : [];
  return {
    prune: shellLine(['evalc', 'cache', 'prune', ...named, ...cache]),
    updateLock: shellLine(['evalc', 'apply', ...named, ...cache, '--update-lock']),
    refresh: shellLine(['evalc', 'apply', ...named, ...cache, '--refresh']),
  };
}
