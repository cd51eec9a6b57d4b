/**
 * What apply says of a judge that scored nothing (QA48): a wrong judge URL answered 404 to every
 * call, each example recorded the error, and the run exited 0 with a ✅ report. It now exits 1
 * (DESIGN §6: a runtime error), says why on stderr, and lists the judges in `--json`'s result.
 */
import { type FailedJudge, failedJudges } from '../lockfile/failed-judges.js';
import type { Lockfile } from '../lockfile/types.js';

export { failedJudges };

export function describeFailedJudge(f: FailedJudge): string {
  const kinds = Object.entries(f.kinds)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const calls = f.failed === 1 ? 'its only score' : `all ${f.failed} of its scores`;
  return `judge ${f.judge} scored nothing: ${calls} failed (${kinds}), so the metrics that use it measured nothing (the failing examples in report.md say why)`;
}

/** `failedJudges` for `--json`'s result, when there is one. */
export function failedJudgesField(lock: Lockfile): { failedJudges?: FailedJudge[] } {
  const failed = failedJudges(lock);
  return failed.length > 0 ? { failedJudges: failed } : {};
}
