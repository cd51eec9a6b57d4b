/**
 * The failed example runs of each lockfile in a diff's summary line (text and Markdown), in its
 * own module so that text-diff.ts and markdown-diff.ts, which import each other's helpers one way
 * only, keep the import graph free of cycles (tests/architecture).
 */
import type { LockDiff } from '../lockfile/diff.js';

/**
 * `, errors 0 → 6`: each lockfile's failed example runs, when either has any (QA95: said per task
 * only); `?` for a lock without the count.
 */
export function errorsNote(errors: LockDiff['summary']['errors'] | undefined, sep = ', '): string {
  if (!errors || ((errors.old ?? 0) === 0 && (errors.new ?? 0) === 0)) return '';
  return `${sep}errors ${errors.old ?? '?'} → ${errors.new ?? '?'}`;
}
