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
    if (keys.length === 0 || keys.length !== row.invoke.length) continue;
    let sum = 0;
    let scored = 0;
    for (const key of keys) {
      const cached = store.get<ScoreResult>(key);
      if (cached === undefined || cached.error !== undefined) return false;
      if (cached.score !== null) {
        sum += cached.score;
        scored++;
      }
    }
    if (scored === 0) return false;
    return Math.abs(asRecorded(sum / scored) - recorded.score) > 1e-9;
  }
  return false;
}
