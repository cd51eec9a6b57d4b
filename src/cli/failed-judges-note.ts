/**
 * What apply says of a judge that scored nothing (QA48): a wrong judge URL answered 404 to every
 * call, each example recorded the error, and the run exited 0 with a ✅ report. It now exits 1
 * (DESIGN §6: a runtime error), says why on stderr, and lists the judges in `--json`'s result.
 */
import { type FailedJudge, failedJudges } from '../lockfile/failed-judges.js';
import type { Lockfile } from '../lockfile/types.js';

export { failedJudges };

/** `first`: its first failed call's words and hint, when this apply made the calls (QA295: nothing said why on stderr). */
export function describeFailedJudge(f: FailedJudge, first?: string): string {
  const kinds = Object.entries(f.kinds)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const calls = f.failed === 1 ? 'its only score' : `all ${f.failed} of its scores`;
  const why = first === undefined ? ' (the failing examples in report.md say why)' : `; the first: ${first}`;
  return `judge ${f.judge} scored nothing: ${calls} failed (${kinds}), so the metrics that use it measured nothing${why}`;
}

/** `failedJudges` for `--json`'s result, when there is one; `first`: what its first failed call said (QA295). */
export function failedJudgesField(
  lock: Lockfile,
  firsts: Record<string, string> = {},
): { failedJudges?: (FailedJudge & { first?: string })[] } {
  const failed = failedJudges(lock).map((f) => {
    const first = firsts[f.judge];
    return first === undefined ? f : { ...f, first };
  });
  return failed.length > 0 ? { failedJudges: failed } : {};
}
