/**
 * The report model's example rows: each lockfile result joined with its trajectories, judge
 * rationales and failure details, with its status (pass, fail, error, unknown) and mean duration,
 * sorted by (agent, task, dataset, example).
 */
import { nonDecidingMetricIds } from '../lockfile/deciding-metrics.js';
import { byText } from './format.js';
import type { ExampleView, MetricView, RepeatView } from './report-model.js';
import type { InvokeRecord, ReportInput } from './types.js';

const NO_ERRORS: (string | null)[] = [];

export function exampleViews(input: ReportInput): ExampleView[] {
  const { lock } = input;
  // Empty (no judge, nothing failed): no lookup per metric of every row.
  const rationales = nonEmpty(input.judgeRationales);
  const failureDetails = nonEmpty(input.failureDetails);
  // A Map: 100k lookups of invoke keys (strings read from the lock, not internalized) cost a
  // third of what they do in an object of thousands of keys.
  const trajectories = input.trajectories ? new Map(Object.entries(input.trajectories)) : undefined;
  // Per group: the metrics whose error decides nothing (a measurement's, a `gate: false` one's).
  const quietByGroup = new Map<string, ReadonlySet<string>>();
  const views = lock.results.map((r): ExampleView => {
    const g = lock.groups[r.group];
    let quiet = quietByGroup.get(r.group);
    if (quiet === undefined) {
      quiet = nonDecidingMetricIds(g);
      quietByGroup.set(r.group, quiet);
    }
    // Without its group in the lock (never, for apply's own locks), the id `agent/task/dataset` says.
    const parts = g ? undefined : r.group.split('/');
    const errorKinds = r.errors ?? NO_ERRORS;
    let durationSum = 0;
    let durationCount = 0;
    // `statusOf` folded into the loops: an error kind, a record's error, or the own error of a
    // metric that decides the pass (a measurement's, `cost` with no price, decides nothing: QA99).
    let errored = errorKinds.some((e) => e !== null);
    const invoke = r.invoke;
    const repeats: RepeatView[] = new Array(invoke.length);
    for (let i = 0; i < invoke.length; i++) {
      const key = invoke[i]!;
      const view: RepeatView = { repeat: i, invokeKey: key, errorKind: errorKinds[i] ?? null };
      const record = key === null ? neverSent(errorKinds[i]) : trajectories?.get(key);
      if (record) {
        view.record = record;
        if (record.error) errored = true;
        if (record.durationMs !== undefined) {
          durationSum += record.durationMs;
          durationCount++;
        }
      }
      repeats[i] = view;
    }
    const ids = Object.keys(r.metrics);
    if (!inTextOrder(ids)) ids.sort(byText);
    const metrics: MetricView[] = new Array(ids.length);
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j]!;
      const m = r.metrics[id] ?? { score: null };
      const keys = m.keys ?? (m.key ? [m.key] : []);
      const view: MetricView = { id, score: m.score, keys };
      if (m.value !== undefined) view.value = m.value;
      if (m.pass !== undefined) view.pass = m.pass;
      if (m.errors !== undefined) view.errors = m.errors;
      if (m.error !== undefined) {
        view.error = m.error;
        if (!quiet.has(id)) errored = true;
      }
      if (rationales) {
        for (const k of keys) {
          const rationale = rationales[k];
          if (rationale !== undefined) {
            view.rationale = rationale;
            break;
          }
        }
      }
      // A failed metric's details, or a judge's error message (its metric has no pass: left out of the means).
      if (failureDetails && (m.pass === false || m.error !== undefined)) {
        for (const k of keys) {
          const details = failureDetails[k];
          if (details !== undefined) {
            view.details = details;
            break;
          }
        }
      }
      metrics[j] = view;
    }
    return {
      id: `${r.group}/${r.example}`,
      group: r.group,
      agent: g?.agent ?? parts?.[0] ?? '',
      task: g?.task ?? parts?.[1] ?? '',
      dataset: g?.dataset ?? parts?.[2] ?? '',
      example: r.example,
      weight: r.weight,
      // A passing example is a pass whatever else failed: a measurement's error (`cost` with no
      // price) decides no pass, and read as `error` it was "0 pass" beside a pass_rate of 1 and
      // listed as failing (QA98). Nor does it make a failing one `error` ("0 fail" beside a
      // pass_rate of 0.5, QA99). Its error stays in the Errors table.
      status: r.pass === true ? 'pass' : errored ? 'error' : r.pass === false ? 'fail' : 'unknown',
      pass: r.pass,
      metrics,
      repeats,
      // whole ms, as each repeat's and the lock's durationMsMean: the mean of 3 repeats read
      // 97.33333333333333 in report.json beside report.html's "97 ms" (QA184)
      durationMs: durationCount === 0 ? null : Math.round(durationSum / durationCount),
    };
  });
  // Sorted by (agent, task, dataset, example): rows are bucketed by their (agent, task, dataset)
  // first, so the 100k-row sort compares example ids only. Rows of one group come in runs: the
  // bucket is looked up again only when the group changes.
  const buckets = new Map<string, ExampleView[]>();
  let lastGroup: string | undefined;
  let bucket: ExampleView[] = [];
  for (const v of views) {
    if (v.group !== lastGroup) {
      const key = `${v.agent}\u0000${v.task}\u0000${v.dataset}`;
      const found = buckets.get(key);
      if (found) bucket = found;
      else {
        bucket = [];
        buckets.set(key, bucket);
      }
      lastGroup = v.group;
    }
    bucket.push(v);
  }
  const order = [...buckets.values()].sort(
    (x, y) =>
      byText(x[0]!.agent, y[0]!.agent) ||
      byText(x[0]!.task, y[0]!.task) ||
      byText(x[0]!.dataset, y[0]!.dataset),
  );
  const sorted: ExampleView[] = [];
  for (const bucket of order) {
    if (!examplesInOrder(bucket)) bucket.sort((a, b) => byText(a.example, b.example));
    for (const v of bucket) sorted.push(v);
  }
  return sorted;
}

/** Whether rows are already in example order (a dataset whose ids sort as they are listed). */
function examplesInOrder(rows: readonly ExampleView[]): boolean {
  for (let i = 1; i < rows.length; i++) if (byText(rows[i - 1]!.example, rows[i]!.example) > 0) return false;
  return true;
}

/** `record`, or undefined when it has no member. */
function nonEmpty<T>(record: Record<string, T> | undefined): Record<string, T> | undefined {
  if (record === undefined) return undefined;
  for (const _ in record) return record;
  return undefined;
}

/** Whether a list is already in `byText` order (lockfile rows are written key-sorted: no sort needed). */
function inTextOrder(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (byText(ids[i - 1]!, ids[i]!) > 0) return false;
  return true;
}

/**
 * Why an example that was never sent has no invoke record: the drill-down and report.json say so
 * instead of an empty error (QA24 E2). Other kinds without a key keep what the lock says.
 */
function neverSent(kind: string | null | undefined): InvokeRecord | undefined {
  if (kind !== 'preflight_failed') return undefined;
  return {
    error: {
      kind,
      message:
        'not sent: every preflight example of this agent failed, so the rest of its batch was held back (the next apply sends it)',
    },
  };
}
