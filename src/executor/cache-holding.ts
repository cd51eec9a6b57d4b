/** How much of a lock's answers a step cache holds: `evalc report` and an up-to-date apply say when it holds none. */
import type { Lockfile, LockResult } from '../lockfile/types.js';
import { isDefinitiveFailure, lastErrorKey } from './step-records.js';
import type { StepStore } from './step-store.js';

export interface CacheHolding {
  keys: number;
  any: number;
  transient: number;
  answered: number;
  answers: number;
  /**
   * Of the transient failures, how many the cache holds no failure note of: their reason is in the
   * note alone (an answer under the key is another run's, not shown beside the lock's error).
   */
  lost: number;
  /**
   * Failed judge scores (repeats) whose reason the cache no longer holds: a judge's failure is kept
   * as a note beside its score step only, which a prune drops (QA289: said of invokes only).
   */
  judgeLost: number;
}

/**
 * Of the lock's invokes: how many (`keys`), how many the cache holds what the reports read of
 * (`any`: the answer or definitive failure under the key, a transient failure's note), how many are transient failures (`transient`: a prune drops their notes), and of those
 * answered without an error (`answered`, always recorded by the run), how many it holds (`answers`).
 */
export function cacheHolding(lock: Lockfile, store: StepStore): CacheHolding {
  const held = { keys: 0, any: 0, transient: 0, answered: 0, answers: 0, lost: 0, judgeLost: 0 };
  for (const result of lock.results) {
    held.judgeLost += judgeFailuresLost(lock, result, store);
    for (const [repeat, key] of result.invoke.entries()) {
      if (!key) continue;
      const kind = result.errors?.[repeat] ?? null;
      if (kind === 'cancelled') continue;
      held.keys++;
      const has = store.has(key);
      const noted = store.has(lastErrorKey(key));
      const transient = kind !== null && !isDefinitiveFailure({ kind: kind as never, message: '' });
      // What the reports read of the row: a transient failure's note, else the record under its key
      // (an answer, a definitive failure). The other is another run's, never shown (trajectories.ts):
      // a cache of a run whose every call failed held notes under a good run's keys, and was said to
      // hold 'the answers of 0 of this lock's 18' with no 'rendered without the run's cache' (QA289).
      if (transient ? noted : has) held.any++;
      if (kind === null) {
        held.answered++;
        if (has) held.answers++;
      } else if (transient) {
        held.transient++;
        // QA289: an earlier run's answer under the key (an `apply --refresh` that failed where the
        // last one answered) kept it from being counted, and the prune's loss went unsaid.
        if (!noted) held.lost++;
      }
    }
  }
  return held;
}

/**
 * How many failed repeats of the row's metrics have lost their reason: a metric evalc computes, and
 * a judge's failure on its own verdict, are cached as the score (`error` in the record); any other
 * judge failure only as a note beside it (trajectories.ts's judgeFailureNote reads it).
 */
function judgeFailuresLost(lock: Lockfile, result: LockResult, store: StepStore): number {
  let lost = 0;
  for (const [id, metric] of Object.entries(result.metrics)) {
    if (metric.error === undefined || metric.error === 'cancelled') continue;
    // A metric evalc computes is cached with its error: missing, it is another run's cache (the
    // partial note says so), not a judge's note the prune dropped.
    if (typeof lock.groups[result.group]?.metrics[id]?.config.judge !== 'string') continue;
    const keys = metric.keys ?? (metric.key ? [metric.key] : []);
    // Of its failed scores, those whose reason the cache holds (a note, or a failure on the verdict
    // in the record: an earlier run's success under the key is not one, QA289), and those of repeats
    // whose answer it lacks: another run's cache, which the partial note counts, not a prune (a prune
    // keeps the answers; QA300: a cache of fewer examples, or of fewer repeats, read both notes,
    // '… 9 failed judge scores (a cache prune drops them; …)' beside 'the answers of 3 of … 9').
    let kept = 0;
    let elsewhere = 0;
    for (const [i, key] of keys.entries()) {
      const answer = result.invoke[i];
      if (result.errors?.[i] || !answer) continue;
      if (!store.has(answer)) elsewhere++;
      else if (store.has(lastErrorKey(key)) || store.get<{ error?: unknown }>(key)?.error !== undefined)
        kept++;
    }
    if (keys.length > 0) lost += Math.max(0, (metric.errors ?? 1) - elsewhere - kept);
  }
  return lost;
}

/** A cache of other runs (or none): it holds none of the lock's answers, and not for a prune's sake. */
export function holdsNoneOfTheRun(held: CacheHolding): boolean {
  return held.keys > 0 && held.any === 0 && held.transient < held.keys;
}

/**
 * What `evalc report` notes of a cache holding none or some of the lock's answers (QA274, QA279),
 * for an up-to-date apply rendering its reports from it; undefined when it holds them all.
 */
export function cacheNote(held: CacheHolding, shown: string, named = false): string | undefined {
  const what = holdsNoneOfTheRun(held)
    ? "none of this lock's answers: the reports have no trajectories, judge rationales or failure details"
    : held.answered > 0 && held.answers < held.answered
      ? partialCacheText(held.answers, held.answered)
      : undefined;
  return what && `the cache at ${shown} holds ${what} ${cacheDirHint(named)}`;
}

/**
 * How to name the run's cache: to a user who named this one (`--cache-dir`, EVALC_CACHE_DIR), that
 * it is not it (QA284: they were told to use the flag they had used).
 */
export function cacheDirHint(named: boolean): string {
  return named
    ? "(--cache-dir DIR names the run's cache; this one is not it)"
    : "(--cache-dir DIR names the run's cache)";
}

/**
 * A cache holding `held` of the `of` answers the lock records, counted in example runs (agent ×
 * example × repeat, as apply's summary counts them): under `repeats: 2` two examples missing read
 * `4 of this lock's 8 answers` (QA284).
 */
export function partialCacheText(held: number, of: number): string {
  // None of them, beside a failure of the lock it does hold (QA289: `the answers of 0 of … 2`).
  if (held === 0)
    return `none of the answers of this lock's ${of} answered example run${of === 1 ? '' : 's'}: the reports have no trajectories, judge rationales or failure details for ${of === 1 ? 'it' : 'them'}`;
  return `the answer${held === 1 ? '' : 's'} of ${held} of this lock's ${of} answered example run${of === 1 ? '' : 's'}: the reports have no trajectories, judge rationales or failure details for the other ${of - held}`;
}

/**
 * What the failure details a cache no longer holds were: `this lock's 3 failed invokes`, `3 of this
 * lock's 4 failed invokes`, `this lock's 4 failed judge scores` (QA289), or both.
 */
export function prunedWhat(pruned: { failed: number; of: number; judgeScores?: number }): string {
  const { failed, of, judgeScores = 0 } = pruned;
  const invokes =
    failed > 0
      ? `${failed === of ? '' : `${failed} of `}this lock's ${of} failed invoke${of === 1 ? '' : 's'}`
      : undefined;
  const scores =
    judgeScores > 0 ? `${judgeScores} failed judge score${judgeScores === 1 ? '' : 's'}` : undefined;
  if (invokes && scores) return `${invokes}, nor for its ${scores}`;
  return invokes ?? `this lock's ${scores}`;
}
