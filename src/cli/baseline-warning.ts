/**
 * `apply --baseline` with a lockfile that cannot be compared with the run: another plan's (a
 * monorepo job that took the wrong evalc.lock from main) or one sharing no example with it. Every
 * regression gate is then skipped, and the job passes on its min/max gates alone: said on stderr
 * (QA38), not only in the reports.
 */
import type { Lockfile } from '../lockfile/types.js';

export function baselineWarning(file: string, baseline: Lockfile, lock: Lockfile): string | undefined {
  const regression = lock.gates.filter((g) => g.kind === 'regression');
  const unpaired =
    regression.length > 0 &&
    regression.every((g) => g.skipped === true && g.message.includes('no paired examples'));
  const skipped = 'it shares no example with this run, so every regression gate was skipped';
  const theirs = baseline.plan.benchmark.id;
  const ours = lock.plan.benchmark.id;
  if (theirs !== ours)
    return `--baseline ${file} is a lockfile of benchmark "${theirs}", this plan is "${ours}"${unpaired ? `: ${skipped}` : ''}`;
  return unpaired ? `--baseline ${file}: ${skipped}` : undefined;
}
