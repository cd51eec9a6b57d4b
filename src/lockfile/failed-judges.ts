/**
 * Judges a run got no verdict from (QA48): every score of every metric that names the judge is
 * an error (a wrong URL answering 404, a model the server does not have, a judge that is down).
 * Like an agent that evaluated nothing (`unevaluated`), such a run has no result to read for
 * those metrics, so apply exits 1. A judge that scored some examples is a result, errors and all.
 */
import type { Lockfile } from './types.js';

export interface FailedJudge {
  judge: string;
  /** Scores that failed (examples × repeats × metrics naming the judge), as apply's summary counts them. */
  failed: number;
  /** Error kinds of the failed scores, with counts. */
  kinds: Record<string, number>;
}

export function failedJudges(lock: Pick<Lockfile, 'groups' | 'results'>): FailedJudge[] {
  // group → metric → judge, for the metrics that name a judge.
  const judgeOf = new Map<string, Map<string, string>>();
  for (const [groupId, group] of Object.entries(lock.groups ?? {})) {
    for (const [metricId, metric] of Object.entries(group.metrics ?? {})) {
      const judge = metric.config?.judge;
      if (typeof judge !== 'string') continue;
      if (!judgeOf.has(groupId)) judgeOf.set(groupId, new Map());
      judgeOf.get(groupId)!.set(metricId, judge);
    }
  }
  const judged = new Set<string>();
  const failed = new Map<string, FailedJudge>();
  for (const row of lock.results ?? []) {
    const metrics = judgeOf.get(row.group);
    if (!metrics) continue;
    // An example every repeat of which failed before scoring (its invoke or extraction) asked no
    // judge: its metrics' 0 is no verdict (QA130: one agent 500 hid a judge that scored nothing).
    if (row.errors !== undefined && row.errors.length > 0 && row.errors.every((e) => e !== null)) continue;
    // Repeats that reached scoring: with repeats, one that failed before scoring scores its metrics
    // 0, so a judge that failed every other repeat left a score of 0, not null (QA132).
    const reached = row.errors ? row.errors.filter((e) => e === null).length : row.invoke.length;
    for (const [metricId, judge] of metrics) {
      const result = row.metrics?.[metricId];
      if (!result) continue;
      const unanswered = result.error === undefined ? 0 : (result.errors ?? 1);
      if (result.error === undefined || (result.score !== null && unanswered < reached)) {
        judged.add(judge);
        continue;
      }
      // Once per failed repeat, as the summary and the lock's steps.errors count it (QA74: once per
      // example — "all 2 of its scores failed" beside "4 errors" of 2 examples × 2 repeats).
      const count = result.errors ?? 1;
      const entry = failed.get(judge) ?? { judge, failed: 0, kinds: {} };
      entry.failed += count;
      entry.kinds[result.error] = (entry.kinds[result.error] ?? 0) + count;
      failed.set(judge, entry);
    }
  }
  return [...failed.values()]
    .filter((f) => !judged.has(f.judge))
    .sort((a, b) => (a.judge < b.judge ? -1 : a.judge > b.judge ? 1 : 0));
}
