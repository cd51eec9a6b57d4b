/**
 * Whether the cache now holds a later run's answers for a lockfile row. `apply --refresh` asks the
 * agent again under the same content keys, so the invoke, extract and score records of those keys
 * are replaced; `evalc report --from old.lock` then joined the old lock's scores with the new
 * answers (QA111: an example passing `exact_match` showed the candidate that fails it). One
 * example-stage metric of the row is compared: the mean of its cached scores over the repeats,
 * as recorded, against the lock's. A row with a failed repeat (its scores are no records of that
 * run), or whose records are missing, is not judged (false).
 */
import type { Lockfile } from '../lockfile/types.js';
import { asRecorded } from '../metrics/decimal-round.js';
import type { ScoreResult } from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';
import type { StepStore } from './step-store.js';

type Row = Lockfile['results'][number];

export function answersReplaced(lock: Lockfile, row: Row, store: StepStore): boolean {
  if (row.errors?.some((e) => e !== null)) return false;
  const metrics = lock.groups[row.group]?.metrics;
  if (!metrics) return false;
  for (const id in row.metrics) {
    const recorded = row.metrics[id]!;
    const type = metrics[id]?.type;
    if (type === undefined || getMetricDefinition(type)?.stage !== 'example') continue;
    if (recorded.error !== undefined || typeof recorded.score !== 'number') continue;
    const keys = recorded.keys ?? (recorded.key ? [recorded.key] : []);
    if (keys.length === 0) continue;
    return scoresReplaced(
      row,
      recorded,
      keys.map((key) => store.get<ScoreResult>(key)),
    );
  }
  return false;
}

/**
 * Whether one metric's cached score records (one per repeat) are not what the lock recorded: the
 * mean of their scores, as recorded, differs from the lock's. False when it cannot tell (a failed
 * repeat, a missing or failed record, no score).
 */
export function scoresReplaced(
  row: Row,
  recorded: Row['metrics'][string],
  cached: readonly (ScoreResult | undefined)[],
): boolean {
  if (row.errors?.some((e) => e !== null)) return false;
  if (recorded.error !== undefined || typeof recorded.score !== 'number') return false;
  if (cached.length !== row.invoke.length) return false;
  let sum = 0;
  let scored = 0;
  for (const r of cached) {
    if (r === undefined || r.error !== undefined) return false;
    if (r.score !== null) {
      sum += r.score;
      scored++;
    }
  }
  return scored > 0 && Math.abs(asRecorded(sum / scored) - recorded.score) > 1e-9;
}
