/**
 * The rows two lockfiles are compared on (diff.ts): each result with its agent, task, dataset and
 * weights, keyed by agent × task × dataset × example; the paired rows of each agent × scope; and one
 * metric's paired figures of a scope, weighted as the aggregation weighs them; and a delta's paired
 * change when it is not the aggregates' (pairedDeltaField).
 */
import { asRecorded } from '../metrics/decimal-round.js';
import { type ExampleScoreRow, hierarchicalWeights } from '../metrics/example-rows.js';
import { byText } from './text-order.js';
import type { Lockfile, LockMetricResult, LockResult } from './types.js';

export interface Row {
  group: string;
  agent: string;
  task: string;
  dataset: string;
  taskWeight: number;
  datasetWeight: number;
  result: LockResult;
}

export function rowsOf(lock: Lockfile): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const result of lock.results) {
    const g = lock.groups[result.group];
    const [pa = '', pt = '', pd = ''] = result.group.split('/');
    const row = {
      group: result.group,
      agent: g?.agent ?? pa,
      task: g?.task ?? pt,
      dataset: g?.dataset ?? pd,
      taskWeight: g?.taskWeight ?? 1,
      datasetWeight: g?.datasetWeight ?? 1,
      result,
    };
    map.set(`${row.agent}\u0000${row.task}\u0000${row.dataset}\u0000${result.example}`, row);
  }
  return map;
}

/**
 * The paired rows of each agent × scope (`benchmark`, `task/T`, `dataset/T/D`), in the paired order:
 * built once, so a diff reads each aggregate's rows directly (it scanned every paired row for each of
 * the (1 + tasks + datasets) × agents × metrics aggregates: 6 s for 500 tasks, QA80).
 */
export function pairsByScope(paired: [Row, Row][]): Map<string, [Row, Row][]> {
  const index = new Map<string, [Row, Row][]>();
  const add = (key: string, pair: [Row, Row]) => {
    const list = index.get(key);
    if (list) list.push(pair);
    else index.set(key, [pair]);
  };
  for (const pair of paired) {
    const n = pair[1];
    add(`${n.agent}\u0000benchmark`, pair);
    add(`${n.agent}\u0000task/${n.task}`, pair);
    add(`${n.agent}\u0000dataset/${n.task}/${n.dataset}`, pair);
  }
  return index;
}

function figure(m: LockMetricResult | undefined, field: 'score' | 'value'): number | null {
  const x = field === 'score' ? m?.score : m?.value;
  return typeof x === 'number' ? x : null;
}

export interface Pairs {
  old: number[];
  now: number[];
  weights: number[];
  /** Rows of both runs with a figure in one run only (a failed invoke measures no `steps`). */
  unpaired: number;
}

export function pairsFor(
  inScope: [Row, Row][],
  agent: string,
  metric: string,
  field: 'score' | 'value',
): Pairs {
  const out: Pairs = { old: [], now: [], weights: [], unpaired: 0 };
  const rows: ExampleScoreRow[] = [];
  for (const [o, n] of inScope) {
    const a = figure(o.result.metrics[metric], field);
    const b = figure(n.result.metrics[metric], field);
    if (a === null || b === null) {
      if (a !== b) out.unpaired++;
      continue;
    }
    out.old.push(a);
    out.now.push(b);
    rows.push({
      agent,
      task: n.task,
      dataset: n.dataset,
      example: n.result.example,
      metric,
      score: b,
      weight: n.result.weight,
      datasetWeight: n.datasetWeight,
      taskWeight: n.taskWeight,
    });
  }
  out.weights = hierarchicalWeights(rows);
  return out;
}

/**
 * A delta's `pairedDelta`: the paired examples' weighted mean difference (recorded, 12 significant
 * digits) when it is not the aggregates' Δ — more than float noise apart, since the lock's means are
 * recorded and the paired differences are not. QA158.
 */
export function pairedDeltaField(meanDiff: number, delta: number | null): { pairedDelta?: number } {
  const paired = asRecorded(meanDiff);
  if (delta !== null && Math.abs(paired - delta) <= 1e-9 * Math.max(1, Math.abs(delta))) return {};
  return { pairedDelta: paired };
}

/** Examples (`task/dataset/example`) that `these` rows have and no row of `others` has, for any agent. */
export function onlyIn<K extends 'new' | 'gone'>(
  field: K,
  these: Map<string, Row>,
  others: Map<string, Row>,
): Partial<Record<K, string[]>> {
  const id = (r: Row) => `${r.task}/${r.dataset}/${r.result.example}`;
  const known = new Set([...others.values()].map(id));
  const ids = [...new Set([...these.values()].map(id))].filter((e) => !known.has(e)).sort(byText);
  return ids.length > 0 ? ({ [field]: ids } as Partial<Record<K, string[]>>) : {};
}

/**
 * Examples (`task/dataset/example`) of both runs, as the summary line counts them: paired when, for
 * some agent, a metric has a figure (score or value) in both runs — what the paired tests compare —,
 * else unpaired (a failed invoke, a judge that errored in one run). QA171: an example was counted
 * paired with a row in both runs, so a judge that errored on 2 of 5 read "5 paired examples" above
 * a test of 3.
 */
export function pairedIdCounts(paired: readonly [Row, Row][]): { pairedIds: number; unpairedIds?: number } {
  const both = new Set<string>();
  const compared = new Set<string>();
  for (const [o, n] of paired) {
    const id = `${n.task}\u0000${n.dataset}\u0000${n.result.example}`;
    both.add(id);
    if (!compared.has(id) && hasFigureInBoth(o.result, n.result)) compared.add(id);
  }
  const unpaired = both.size - compared.size;
  return unpaired > 0 ? { pairedIds: compared.size, unpairedIds: unpaired } : { pairedIds: compared.size };
}

function hasFigureInBoth(old: LockResult, now: LockResult): boolean {
  for (const [metric, m] of Object.entries(now.metrics)) {
    const o = old.metrics[metric];
    for (const field of ['score', 'value'] as const) {
      if (figure(m, field) !== null && figure(o, field) !== null) return true;
    }
  }
  return false;
}
