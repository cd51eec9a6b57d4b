/**
 * Volatile figures (durations, token counts, invoke counts, the means of volatile measures such as
 * `cost` as `measures.<metric>`) compared with a relative
 * tolerance: a figure is out of tolerance when |new − old| > tolerance · |old| (default ±20%).
 * When the old figure is 0, any non-zero new figure is out of tolerance. A group that ran a
 * different number of examples compares its tokens per example run, not its total.
 * A figure in one of the two locks only (a group's `tokens` when its agent stopped sending a usable
 * count) is out of tolerance, its missing side null.
 * Durations also have an absolute floor: a change of at most DURATION_FLOOR_MS is within tolerance
 * whatever its ratio (a loopback agent's 6 → 9 ms is scheduling jitter, not a +50% slowdown that a
 * pull request's diff should flag).
 */
import { asRecorded } from '../metrics/decimal-round.js';
import type { Lockfile } from './types.js';

export const DEFAULT_VOLATILE_TOLERANCE = 0.2;

/** Milliseconds of change in a duration that are never out of tolerance (timer and scheduling noise). */
export const DURATION_FLOOR_MS = 10;

function isDuration(field: string): boolean {
  return field.startsWith('durationMs');
}

export interface VolatileDelta {
  /** The volatile entry (a group id). */
  subject: string;
  field: string;
  /** null: the figure is in the other lock only (not measured in this one, QA201). */
  old: number | null;
  new: number | null;
  /** (new − old) / |old| to 12 significant digits; null when old is 0 or either is null. */
  relative: number | null;
  withinTolerance: boolean;
}

export function compareVolatile(old: Lockfile, now: Lockfile, tolerance: number): VolatileDelta[] {
  const out: VolatileDelta[] = [];
  const subjects = [
    ...new Set([...Object.keys(old.volatile ?? {}), ...Object.keys(now.volatile ?? {})]),
  ].sort();
  const oldRuns = runsByGroup(old);
  const newRuns = runsByGroup(now);
  for (const subject of subjects) {
    const o = flatFigures(old.volatile?.[subject]);
    const n = flatFigures(now.volatile?.[subject]);
    // `tokens` is a group's total: when the group ran a different number of examples × repeats
    // (a dataset grew), its tokens per example run are compared instead of the totals.
    const before = oldRuns.get(subject) ?? 0;
    const after = newRuns.get(subject) ?? 0;
    if (before !== after && before > 0 && after > 0) {
      perRun(o, before);
      perRun(n, after);
    }
    // A group in one lock only is new or gone as a whole (its aggregates say so).
    const inBoth = old.volatile?.[subject] !== undefined && now.volatile?.[subject] !== undefined;
    for (const field of [...new Set([...Object.keys(o), ...Object.keys(n)])].sort()) {
      const a = o[field];
      const b = n[field];
      if (typeof a !== 'number' || typeof b !== 'number') {
        // A figure measured in one lock only: `tokens` when the agent stopped sending a usable count
        // (its metric then records metric_error) read "No aggregate changed", only the error count
        // said it (QA201). Out of tolerance, with the missing side null.
        if (inBoth && (typeof a === 'number' || typeof b === 'number'))
          out.push({
            subject,
            field,
            old: typeof a === 'number' ? asRecorded(a) : null,
            new: typeof b === 'number' ? asRecorded(b) : null,
            relative: null,
            withinTolerance: false,
          });
        continue;
      }
      const relative = a === 0 ? null : (b - a) / Math.abs(a);
      const withinTolerance =
        (isDuration(field) && Math.abs(b - a) <= DURATION_FLOOR_MS) ||
        (a === 0 ? b === 0 : Math.abs(b - a) <= tolerance * Math.abs(a) + 1e-12);
      // Recorded as the lock's figures are (12 significant digits): a ratio's or a per-run
      // division's float tail (-0.034482758620689655) is no information (QA75).
      out.push({
        subject,
        field,
        old: asRecorded(a),
        new: asRecorded(b),
        relative: relative === null ? null : asRecorded(relative),
        withinTolerance,
      });
    }
  }
  return out;
}

const TOKENS_PER_RUN = 'tokens per example run';

function perRun(figures: Record<string, number | undefined>, runs: number): void {
  const tokens = figures.tokens;
  delete figures.tokens;
  if (typeof tokens === 'number') figures[TOKENS_PER_RUN] = tokens / runs;
}

/** Example runs (rows × repeats) of each group in a lockfile's results. */
function runsByGroup(lock: Lockfile): Map<string, number> {
  const runs = new Map<string, number>();
  const repeats = lock.run?.repeats ?? 1;
  for (const r of lock.results ?? []) runs.set(r.group, (runs.get(r.group) ?? 0) + repeats);
  return runs;
}

/** A group's figures with its volatile measures as `measures.<metric>` fields. */
function flatFigures(entry: Lockfile['volatile'][string] | undefined): Record<string, number | undefined> {
  // schemaRefusals is a count of failed invokes, which diff compares as errors, not a figure.
  const { measures, schemaRefusals: _refusals, ...figures } = entry ?? {};
  const out: Record<string, number | undefined> = { ...figures };
  for (const [metric, value] of Object.entries(measures ?? {})) out[`measures.${metric}`] = value;
  return out;
}
