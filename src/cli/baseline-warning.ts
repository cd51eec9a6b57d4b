/**
 * `apply --baseline` with a lockfile that cannot be compared with the run: another plan's (a
 * monorepo job that took the wrong evalc.lock from main) or one sharing no example with it. Every
 * regression gate is then skipped, and the job passes on its min/max gates alone: said on stderr
 * (QA38), not only in the reports.
 */
import type { Lockfile } from '../lockfile/types.js';

export function baselineWarning(file: string, baseline: Lockfile, lock: Lockfile): string | undefined {
  const key = (r: Lockfile['results'][number]) => `${r.group}\u0000${r.example}`;
  const theirs = new Set(baseline.results.map(key));
  const shared = lock.results.some((r) => theirs.has(key(r)));
  const regression = lock.gates.some((g) => g.kind === 'regression');
  const skipped =
    !shared && regression ? 'it shares no example with this run, so every regression gate was skipped' : '';
  const theirId = baseline.plan.benchmark.id;
  const ourId = lock.plan.benchmark.id;
  if (theirId !== ourId)
    return `--baseline ${file} is a lockfile of benchmark "${theirId}", this plan is "${ourId}"${skipped ? `: ${skipped}` : ''}`;
  return skipped ? `--baseline ${file}: ${skipped}` : undefined;
}
