/**
 * What reports drill into, read back from the cache for a lockfile's results: each invoke's
 * trajectory and duration, the candidates its extraction produced, judge rationales by score
 * key, and why a metric failed (its details, or a judge's error message). Reading never calls an agent; entries missing from the cache are simply absent.
 */
import { type DerivedKeyText, derivedKeyText, keyOf } from '../compiler/content-key.js';
import { CODE_VERSIONS } from '../compiler/step-keys.js';
import type { Lockfile } from '../lockfile/types.js';
import type { ScoreResult } from '../metrics/index.js';
import { getMetricDefinition } from '../metrics/registry.js';
import { quoteCut } from '../protocols/quote-cut.js';
import type { InvokeRecord as ReportInvokeRecord } from '../reports/types.js';
import { answersReplaced, scoresReplaced } from './replaced-answers.js';
import {
  type ExtractRecord,
  type FailedInvokeRecord,
  type InvokeRecord,
  lastErrorKey,
} from './step-records.js';
import type { StepStore } from './step-store.js';

export interface ReportSources {
  trajectories: Record<string, ReportInvokeRecord>;
  judgeRationales: Record<string, string>;
  /** Score key → details of a failed metric that never calls a judge (why it failed). */
  failureDetails: Record<string, unknown>;
}

/** Failed metrics whose details are read back, in lockfile order: a bounded cost at 100k examples. */
const FAILURE_DETAILS_LIMIT = 10_000;

/** JSON bytes of invoke and extract records read back (parsed, they take ~2–3× that in memory). */
const TRAJECTORY_BYTES = 64 * 1024 * 1024;
/** Trajectories read back at most (those of failing rows first). */
const TRAJECTORY_ROWS = 5000;

export interface ReportSourceOptions {
  limit?: number;
  byteLimit?: number;
  /**
   * The lock was just written by the apply that holds `store` (not `--only`, not `report --from`):
   * its rows' answers cannot have been replaced by a later run, so nothing is read to check it.
   * The apply holds the cache's exclusive lock (cache-lock.ts) from before its first step to after
   * this read, every step of its rows was either read from the cache under that lock or written to
   * it (a refused write stops the run before its lock is written), so the newest record under each
   * of its keys is this run's own: `answersReplaced` could only say false, after ~3 reads a row.
   */
  ownRun?: boolean;
}

/**
 * At most `limit` trajectories, and `byteLimit` bytes of their records, are loaded — those of
 * failing or erroring rows first (what a reader drills into), then the others, each in lockfile
 * order — so a huge run, or one with megabyte replies, keeps bounded reports and memory.
 */
export function reportSources(
  lock: Lockfile,
  store: StepStore,
  options: ReportSourceOptions = {},
): ReportSources {
  const { limit = TRAJECTORY_ROWS, byteLimit = TRAJECTORY_BYTES, ownRun = false } = options;
  const trajectories: Record<string, ReportInvokeRecord> = {};
  const judgeRationales: Record<string, string> = {};
  const failureDetails: Record<string, unknown> = {};
  let failures = 0;
  let count = 0;
  /** Per group, per metric id: whether its score records can hold a judge's rationale. */
  const rationaleTables = new Map<string, Map<string, boolean>>();
  const rationaleTable = (l: Lockfile, group: string) => {
    let table = rationaleTables.get(group);
    if (table === undefined) {
      table = new Map();
      for (const [id, metric] of Object.entries(l.groups[group]?.metrics ?? {}))
        table.set(id, typeMayHaveRationale(metric.type));
      rationaleTables.set(group, table);
    }
    return table;
  };
  let bytes = 0;
  // The fixed text around an extract key's input, once per output digest (one per group).
  const extractTexts = new Map<string, DerivedKeyText>();
  const extractKeyOf = (outputDigest: string, key: string) => {
    let text = extractTexts.get(outputDigest);
    if (text === undefined) {
      text = derivedKeyText('extract', CODE_VERSIONS.extract, outputDigest);
      extractTexts.set(outputDigest, text);
    }
    return keyOf(text, [key]);
  };
  /** Reads the records of one row's invokes; false once a limit is reached (no row is read after). */
  // Rows whose cached answers a later run replaced (`apply --refresh`): nothing of theirs is read.
  const replaced = new Map<Lockfile['results'][number], boolean>();
  const isReplaced = (result: Lockfile['results'][number]): boolean => {
    if (ownRun) return false;
    let r = replaced.get(result);
    if (r === undefined) {
      r = answersReplaced(lock, result, store);
      replaced.set(result, r);
    }
    return r;
  };
  const readRow = (result: Lockfile['results'][number]): boolean => {
    if (count >= limit || bytes >= byteLimit) return false;
    if (isReplaced(result)) return true;
    const outputDigest = lock.groups[result.group]?.outputDigest;
    for (const [repeat, key] of result.invoke.entries()) {
      if (!key || count >= limit || bytes >= byteLimit) continue;
      const extractKey = outputDigest ? extractKeyOf(outputDigest, key) : undefined;
      const size =
        (store.sizeOf?.(key) ?? store.sizeOf?.(lastErrorKey(key)) ?? 0) +
        (extractKey ? (store.sizeOf?.(extractKey) ?? 0) : 0);
      if (bytes + size > byteLimit) continue;
      const record = invokeRecordOf(store, key, result.errors?.[repeat] ?? null);
      if (!record) continue;
      bytes += size;
      if ('failed' in record) {
        trajectories[key] = {
          ...(record.trajectory ? { trajectory: record.trajectory } : {}),
          durationMs: record.durationMs,
          error: {
            kind: record.failed.kind,
            message: record.failed.message,
            ...(record.failed.details === undefined ? {} : { details: record.failed.details }),
          },
        };
        count++;
        continue;
      }
      const entry: ReportInvokeRecord = { trajectory: record.trajectory, durationMs: record.durationMs };
      const extract = extractKey ? store.get<ExtractRecord>(extractKey) : undefined;
      if (extract?.ok) entry.candidates = extract.values;
      else if (extract && !extract.ok)
        entry.error = { kind: extract.error.kind, message: extract.error.message };
      trajectories[key] = entry;
      count++;
    }
    return true;
  };
  // Failing and erroring rows first, then the passing ones (two plain passes: a generator's
  // resume per row cost more, cold, than the row's own checks).
  const rows = lock.results;
  let open = true;
  for (let i = 0; open && i < rows.length; i++) if (rows[i]!.pass !== true) open = readRow(rows[i]!);
  for (let i = 0; open && i < rows.length; i++) if (rows[i]!.pass === true) open = readRow(rows[i]!);
  for (const result of lock.results) {
    const table = rationaleTable(lock, result.group);
    for (const id in result.metrics) {
      const metric = result.metrics[id]!;
      // A metric id the group does not list (never, for apply's own locks) is read to be safe.
      if (!(table.get(id) ?? true)) {
        // Only the first key: a failed metric's repeats usually fail for the same reason.
        const key = metric.key ?? metric.keys?.[0];
        if (!key || failures >= FAILURE_DETAILS_LIMIT) continue;
        if (metric.error !== undefined) {
          // A metric evalc computes that could not score (metric_error: no expected value, no
          // price) is cached with its message: say it, as a judge's error is said (QA46).
          const error = store.get<ScoreResult>(key)?.error;
          if (error) {
            failureDetails[key] = { error: { kind: error.kind, message: error.message } };
            failures++;
          }
          continue;
        }
        if (metric.pass !== false || isReplaced(result)) continue;
        // A failed invoke or extraction scores 0 with no score record of its own: one under that
        // key is an earlier run's, whose details would contradict this run (QA91).
        if (result.invoke[0] && trajectories[result.invoke[0]]?.error) continue;
        // Nor read when the lock says it failed and the cache holds a later run's answer (QA128).
        if (result.errors?.[0]) continue;
        const details = store.get<ScoreResult>(key)?.details;
        if (details !== null && typeof details === 'object') {
          failureDetails[key] = details;
          failures++;
        }
        continue;
      }
      const keys = metric.keys ?? (metric.key ? [metric.key] : []);
      // A judge's failure is never cached as a score: its message was kept beside the step — the
      // step of the repeat that failed, which with `run.repeats` > 1 need not be the first (QA169:
      // a judge's 500 on repeat 2 read `judge_error` and no message in every report). A repeat
      // that scored has no failure of this run, whatever note an earlier run left beside it.
      if (metric.error !== undefined && failures < FAILURE_DETAILS_LIMIT) {
        const note = judgeFailureNote(store, keys, metric.error, result.errors);
        if (note) {
          failureDetails[note.key] = { error: note.error };
          failures++;
        }
      }
      const cached = keys.map((key) => store.get<ScoreResult>(key));
      if (cached.length === 0) continue;
      // A later run's answers: the judge's own cached scores say so (no extra read), else the row's.
      const type = lock.groups[result.group]?.metrics[id]?.type;
      const example = type !== undefined && getMetricDefinition(type)?.stage === 'example';
      if (!ownRun && ((example && scoresReplaced(result, metric, cached)) || isReplaced(result))) continue;
      for (const [i, key] of keys.entries()) {
        // A failed repeat has no score record of its own: one under its key is another run's (QA128).
        if (result.errors?.[i]) continue;
        const details = cached[i]?.details;
        if (
          details &&
          typeof details === 'object' &&
          !Array.isArray(details) &&
          typeof details.rationale === 'string'
        ) {
          judgeRationales[key] = details.rationale;
        }
      }
    }
  }
  return { trajectories, judgeRationales, failureDetails };
}

/**
 * The record of one invoke as this run left it. A transient failure (a 429, a timeout) is kept
 * beside the step (`#last-error`) and never replaces the step's own record, which may be an earlier
 * run's answer or definitive failure (`--refresh`, a retry): when the lock row says this repeat
 * failed with the note's kind, the note is this run's outcome (QA91: a 429 showed the previous
 * run's answer, no message, or its `invalid_json` message under `http_429`).
 */
function invokeRecordOf(
  store: StepStore,
  key: string,
  errorKind: string | null,
): InvokeRecord | FailedInvokeRecord | undefined {
  const stored = store.get<InvokeRecord | FailedInvokeRecord>(key);
  if (errorKind !== null && !(stored && 'failed' in stored && stored.failed.kind === errorKind)) {
    const note = store.get<FailedInvokeRecord>(lastErrorKey(key));
    if (note?.failed.kind === errorKind) return note;
    // The lock says this repeat failed (not its extraction) and the cache holds an answer or
    // another failure under its key: a later run's (an upgrade asked a stale failure again, a
    // `--refresh`), not shown beside this lock's error (QA128: an http_400 row showed the answer).
    if (errorKind !== 'extraction_failed') return undefined;
  }
  return stored ?? store.get<FailedInvokeRecord>(lastErrorKey(key));
}

/**
 * The note of why a judge metric failed on one of its repeats. A repeat whose invoke failed asked no
 * judge (a note under its key is an earlier run's). Of the others, a repeat with no cached score is
 * the likelier failure of this run — a judge's failure is never cached as a score, though a score an
 * earlier run cached stays beside this run's failure after `--refresh` —, and a note of the lock's
 * error kind before one of another kind.
 */
function judgeFailureNote(
  store: StepStore,
  keys: readonly string[],
  kind: string,
  invokeErrors: readonly (string | null)[] | undefined,
): { key: string; error: JudgeFailure } | undefined {
  let best: { key: string; error: JudgeFailure } | undefined;
  let bestRank = 4;
  for (const [i, key] of keys.entries()) {
    if (invokeErrors?.[i]) continue;
    // …or, for evalc's own failure on it (a content that cannot be rendered, QA297), the score record
    const record = store.get<ScoreResult>(key);
    const failed = store.get<{ error?: JudgeFailure }>(lastErrorKey(key))?.error ?? record?.error;
    if (!failed) continue;
    const scored = typeof record?.score === 'number';
    const rank = (scored ? 2 : 0) + (failed.kind === kind ? 0 : 1);
    if (rank < bestRank) {
      // What the judge sent with its error (agent-eval's `details`: the judge model's raw output
      // of a judge_error, the issues of a validation_error; an openai judge's raw reply) is kept,
      // as an invoke's error details are: the message alone hid the reply (QA204).
      const details = failed.details === undefined ? {} : { details: boundedDetails(failed.details) };
      best = { key, error: { kind: failed.kind, message: failed.message, ...details } };
      bestRank = rank;
    }
  }
  return best;
}

/** A judge's error as its note beside the score step keeps it (masked when it was kept). */
interface JudgeFailure {
  kind: string;
  message: string;
  details?: unknown;
}

/** A judge's error details in the reports: as sent, or their JSON text cut when it is long. */
const JUDGE_DETAILS_TEXT = 2000;
function boundedDetails(details: unknown): unknown {
  const text = JSON.stringify(details);
  return text === undefined || text.length <= JUDGE_DETAILS_TEXT
    ? details
    : quoteCut(text, JUDGE_DETAILS_TEXT);
}

/** Families whose metrics call a judge (a rationale); unknown types are read to be safe. */
const JUDGE_FAMILIES = new Set(['content_assessment', 'evaluator_reliability']);

/**
 * Whether a metric's score records can carry a judge rationale: at 100k examples reading every
 * score record back only to find no rationale costs seconds, so metrics that never call a judge
 * (exact_match, pass_rate, …) are skipped.
 */
function typeMayHaveRationale(type: string | undefined): boolean {
  if (type === undefined) return true;
  const definition = getMetricDefinition(type);
  return definition === undefined || JUDGE_FAMILIES.has(definition.family);
}
